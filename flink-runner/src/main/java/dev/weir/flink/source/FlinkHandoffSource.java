package dev.weir.flink.source;

import java.util.List;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A FLIP-27 source that emits what a thread of this JVM sends through a {@link LocalHandoff} (docs/flink.md,
 * "Feeding a local job from your own thread"). It carries only the handoff's id, so it runs on a local MiniCluster
 * only, at parallelism 1. Bounded: it ends when the handoff ends, and Flink then emits the final watermark. Not
 * replayable: a restored job does not see again what was emitted. Immutable.
 *
 * <pre>{@code
 * LocalHandoff<Tick> ticks = LocalHandoff.open(1024, Tick::new, Tick::copyInto);
 * env.fromSource(new FlinkHandoffSource<>(ticks.id()), watermarks, "ticks").setParallelism(1);
 * // then, on the producing thread: ticks.send(tick) for each, ticks.end()
 * }</pre>
 *
 * @param <E> the event type
 */
public final class FlinkHandoffSource<E> implements Source<E, HandoffSplit, List<HandoffSplit>> {
    private static final long serialVersionUID = 1L;

    private final String handoffId;

    /** @param handoffId the {@link LocalHandoff#id()} of an open handoff of this JVM */
    public FlinkHandoffSource(final String handoffId) {
        this.handoffId = handoffId;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<HandoffSplit, List<HandoffSplit>> createEnumerator(final SplitEnumeratorContext<HandoffSplit> context) {
        return new InstanceSplitEnumerator<>(context, List.of(HandoffSplit.ONLY));
    }

    @Override
    public SplitEnumerator<HandoffSplit, List<HandoffSplit>> restoreEnumerator(final SplitEnumeratorContext<HandoffSplit> context,
            final List<HandoffSplit> pending) {
        return new InstanceSplitEnumerator<>(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<HandoffSplit> getSplitSerializer() {
        return new HandoffSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<List<HandoffSplit>> getEnumeratorCheckpointSerializer() {
        return new SplitListSerializer<>(new HandoffSplitSerializer());
    }

    @Override
    public SourceReader<E, HandoffSplit> createReader(final SourceReaderContext context) {
        return new HandoffReader<>(context, handoffId);
    }
}
