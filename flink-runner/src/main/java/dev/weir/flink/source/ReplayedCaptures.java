package dev.weir.flink.source;

import dev.weir.source.Source;
import dev.weir.source.SourceReader;
import java.nio.file.Path;
import java.util.List;

/**
 * The capture files of a replay as a pipeline's source, for a pipeline that runs on Flink: the translation reads them
 * with a {@link FlinkCaptureSource} at parallelism 1 ({@link dev.weir.flink.cli.FlinkReplay}). On Weir the replay reads captures with its
 * own {@code CaptureSource}, which needs the replay's clock and progress; this source refuses to run there. Immutable.
 *
 * @param <E> the decoded event type
 */
public final class ReplayedCaptures<E> implements Source<E> {
    private final List<Path> files;
    private final CaptureDecoders<E> decoders;

    /**
     * @param files the capture files, replayed one after the other
     * @param decoders makes the decoder on the task that reads them
     */
    public ReplayedCaptures(final List<Path> files, final CaptureDecoders<E> decoders) {
        this.files = List.copyOf(files);
        this.decoders = decoders;
    }

    /** @return the source Flink reads the files with */
    public FlinkCaptureSource<E> flinkSource() {
        return FlinkCaptureSource.of(files, decoders);
    }

    /** @return the decoder factory, shipped with the source */
    public CaptureDecoders<E> decoders() {
        return decoders;
    }

    @Override
    public SourceReader<E> createReader(final int instance, final int parallelism) {
        throw new UnsupportedOperationException("replayed captures are read on Flink; weir replay reads them on Weir with its CaptureSource");
    }
}
