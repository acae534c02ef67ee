package dev.weir.flink.source;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The events decoded from packet-capture files (Weir's replay, {@code weir replay}) as a bounded
 * FLIP-27 source (docs/flink.md, "Sources on Flink"): one split, the files in order, read by one
 * reader with the replay's own reader and a decoder made on the task by a
 * {@link CaptureDecoders}; each event carries its event time as the record's timestamp. The
 * events emitted are checkpointed. Decoders pool their events and refill them in place: map each
 * event to a value of its own in an operator chained to the source, with Flink's object reuse on
 * (or let Flink copy it), before it waits anywhere. Run at parallelism 1 (a second reader gets no
 * split and ends at once). Immutable once built.
 *
 * <pre>{@code
 * env.fromSource(FlinkCaptureSource.of(files, (CaptureDecoders<MetricSample>) StatsdDecoder::new),
 *         WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(1)), "capture").setParallelism(1);
 * }</pre>
 *
 * @param <E> the event type
 */
public final class FlinkCaptureSource<E> implements Source<E, CaptureSplit, List<CaptureSplit>> {
    private static final long serialVersionUID = 1L;
    /** Events of the decoder's pool: what a replay's pipeline can hold at once, as {@code weir replay}'s. */
    private static final int EVENT_POOL_SIZE = 1 << 16;

    private final ArrayList<String> files;
    private final CaptureDecoders<E> decoders;

    private FlinkCaptureSource(final ArrayList<String> files, final CaptureDecoders<E> decoders) {
        this.files = files;
        this.decoders = decoders;
    }

    /**
     * @param files the capture files (pcap or pcapng), replayed one after the other; readable where the task runs
     * @param decoders makes the decoder on the task
     * @param <E> the event type
     * @return the source
     */
    public static <E> FlinkCaptureSource<E> of(final List<Path> files, final CaptureDecoders<E> decoders) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("a capture source needs at least one capture file");
        }
        final ArrayList<String> names = new ArrayList<>(files.size());
        for (final Path file : files) {
            names.add(file.toString());
        }
        return new FlinkCaptureSource<>(names, decoders);
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<CaptureSplit, List<CaptureSplit>> createEnumerator(final SplitEnumeratorContext<CaptureSplit> context) {
        return new InstanceSplitEnumerator<>(context, List.of(new CaptureSplit(0)));
    }

    @Override
    public SplitEnumerator<CaptureSplit, List<CaptureSplit>> restoreEnumerator(final SplitEnumeratorContext<CaptureSplit> context,
            final List<CaptureSplit> pending) {
        return new InstanceSplitEnumerator<>(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<CaptureSplit> getSplitSerializer() {
        return new CaptureSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<List<CaptureSplit>> getEnumeratorCheckpointSerializer() {
        return new SplitListSerializer<>(new CaptureSplitSerializer());
    }

    @Override
    public SourceReader<E, CaptureSplit> createReader(final SourceReaderContext context) {
        final List<Path> paths = new ArrayList<>(files.size());
        for (final String file : files) {
            paths.add(Path.of(file));
        }
        return new CaptureSplitReader<>(context, paths, decoders, EVENT_POOL_SIZE);
    }
}
