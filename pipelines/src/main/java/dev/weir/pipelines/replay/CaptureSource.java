package dev.weir.pipelines.replay;

import dev.weir.pipelines.capture.DatagramFilter;
import dev.weir.source.Source;
import dev.weir.source.SourceReader;
import dev.weir.time.Clock;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A {@link Source} of the events decoded from capture files, read in the order given by one reader (a
 * capture's packets are one sequence: a decoder such as ITCH's order tracking needs them all, in order).
 * Parallelism 1.
 *
 * @param <E> the decoded event type
 */
final class CaptureSource<E> implements Source<E> {
    private final List<Path> files;
    private final DatagramFilter filter;
    private final PayloadDecoder<E> decoder;
    private final ReplayPace pace;
    private final Clock clock;
    private final boolean skipBad;
    private final ReplayWarnings warnings;
    private final ReplayProgress progress;
    private CaptureReader<E> reader;

    CaptureSource(final List<Path> files, final DatagramFilter filter, final PayloadDecoder<E> decoder, final ReplayPace pace,
            final Clock clock, final boolean skipBad, final ReplayWarnings warnings, final ReplayProgress progress) {
        this.files = List.copyOf(files);
        this.filter = filter;
        this.decoder = decoder;
        this.pace = pace;
        this.clock = clock;
        this.skipBad = skipBad;
        this.warnings = warnings;
        this.progress = progress;
    }

    @Override
    public SourceReader<E> createReader(final int instance, final int parallelism) {
        if (parallelism != 1 || reader != null) {
            throw new IllegalStateException("a capture replay is read by one source instance, got parallelism " + parallelism);
        }
        reader = new CaptureReader<>(files, filter, decoder, pace, clock, skipBad, warnings, progress);
        return reader;
    }

    /** @return the decoder's counts, in print order; read after the replay has ended */
    Map<String, Long> decoderCounts() {
        return decoder.counts();
    }

    /** @return what the reader read; all zero if it never started */
    CaptureReadCounts counts() {
        return reader != null ? reader.counts() : new CaptureReadCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
