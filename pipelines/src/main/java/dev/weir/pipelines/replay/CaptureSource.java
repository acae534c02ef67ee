package dev.weir.pipelines.replay;

import dev.weir.clock.Clock;
import dev.weir.source.Source;
import dev.weir.source.SourceReader;
import java.util.Map;

/**
 * A {@link Source} of the events decoded from capture files, read in the order given by one reader (a
 * capture's packets are one sequence: a decoder such as ITCH's order tracking needs them all, in order).
 * Parallelism 1.
 *
 * @param <E> the decoded event type
 */
final class CaptureSource<E> implements Source<E> {
    private final ReplayOptions options;
    private final PayloadDecoder<E> decoder;
    private final Clock clock;
    private final ReplayWarnings warnings;
    private final ReplayProgress progress;
    private final Runnable firstPacket;
    private CaptureReader<E> reader;

    CaptureSource(final ReplayOptions options, final PayloadDecoder<E> decoder, final Clock clock, final ReplayWarnings warnings,
            final ReplayProgress progress) {
        this(options, decoder, clock, warnings, progress, () -> { });
    }

    /** @param firstPacket told once, on the reading thread, when the first packet has been read */
    CaptureSource(final ReplayOptions options, final PayloadDecoder<E> decoder, final Clock clock, final ReplayWarnings warnings,
            final ReplayProgress progress, final Runnable firstPacket) {
        this.firstPacket = firstPacket;
        this.options = options;
        this.decoder = decoder;
        this.clock = clock;
        this.warnings = warnings;
        this.progress = progress;
    }

    @Override
    public SourceReader<E> createReader(final int instance, final int parallelism) {
        if (parallelism != 1 || reader != null) {
            throw new IllegalStateException("a capture replay is read by one source instance, got parallelism " + parallelism);
        }
        reader = new CaptureReader<>(options, decoder, clock, warnings, progress, firstPacket);
        return reader;
    }

    /** @return the decoder's counts, in print order; read after the replay has ended */
    Map<String, Long> decoderCounts() {
        return decoder.counts();
    }

    /** @return what the reader read; all zero if it never started */
    CaptureReadCounts counts() {
        return reader != null ? reader.counts() : CaptureReadCounts.NONE;
    }
}
