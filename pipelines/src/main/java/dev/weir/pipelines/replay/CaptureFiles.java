package dev.weir.pipelines.replay;

import dev.weir.clock.Clock;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import dev.weir.source.SplitOutput;
import java.nio.file.Path;
import java.util.List;

/**
 * The events a {@link PayloadDecoder} decodes from capture files, for a source outside
 * {@code weir replay} (another engine's): the replay's own reader over the files in order, every
 * datagram kept, faults stopping it with the replay's message ({@code FILE: offset N (packet P):
 * what is wrong}), and no pace: each packet is read as soon as the one before it. Stateless.
 */
public final class CaptureFiles {
    /** The time of a replay without pace: every packet is already due. */
    private static final Clock NO_PACE = () -> Long.MAX_VALUE;

    private CaptureFiles() {
    }

    /**
     * @param files the capture files, read one after the other
     * @param decoder decodes every datagram, in file order; owned by the reader's thread
     * @param warnings where the replay's warnings go (a capture cut short, a decoder's warnings)
     * @param <E> the event type
     * @return a reader of one instance: its events carry their event time; it ends after the last file
     */
    public static <E> SourceReader<E> reader(final List<Path> files, final PayloadDecoder<E> decoder, final ReplayWarnings warnings) {
        return new CaptureReader<>(ReplayOptions.of(files), decoder, NO_PACE, warnings, new ReplayProgress(0));
    }

    /**
     * Reads every event of the files into {@code events}, in order, on the caller's thread.
     *
     * @param files the capture files, read one after the other
     * @param decoder decodes every datagram, in file order
     * @param warnings where the replay's warnings go
     * @param events receives each event with its event time; a pooled event is valid during the call only
     * @param <E> the event type
     * @throws Exception if a file cannot be read, is not a capture or a payload breaks its format (the replay's message)
     */
    public static <E> void readAll(final List<Path> files, final PayloadDecoder<E> decoder, final ReplayWarnings warnings,
            final DecodedEvents<E> events) throws Exception {
        final SourceOutput<E> output = new SourceOutput<>() {
            @Override
            public void emit(final E value) {
                throw new IllegalStateException("a capture's events carry their event time");
            }

            @Override
            public void emit(final E value, final long timestamp) {
                events.emit(value, timestamp);
            }

            @Override
            public SplitOutput<E> split(final int splitIndex) {
                throw new IllegalStateException("a capture is one sequence, not splits");
            }
        };
        try (SourceReader<E> reader = reader(files, decoder, warnings)) {
            while (reader.read(output) != ReadStatus.END) {
                // without a pace every packet is due: read on to the end
            }
        }
    }
}
