package dev.weir.pipelines.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.pipelines.telemetry.StatsdDecoder;
import dev.weir.pipelines.trades.ItchTradeDecoder;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import dev.weir.source.SplitOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A capture read through {@link CaptureFiles} (its reader, or all at once) gives the events, in
 * order and with their event times, and the warnings that the replay's own source gives on its
 * virtual clock.
 */
class CaptureFilesTest {
    private static final int POOL = 1 << 16;

    @Test
    void theEventsAreThoseOfTheReplaysOwnSource() throws Exception {
        for (final String fixture : List.of("statsd-small.pcap", "itch-small.pcap", "itch-small.pcapng")) {
            final Path file = Path.of(CaptureFilesTest.class.getResource("/replay/" + fixture).toURI());
            final Function<ReplayContext, PayloadDecoder<?>> decoders = fixture.startsWith("statsd") ? StatsdDecoder::new
                    : ItchTradeDecoder::new;
            final List<String> warnings = new ArrayList<>();
            final List<String> direct = readAll(CaptureFiles.reader(List.of(file), decoders.apply(new ReplayContext(warnings::add, POOL)),
                    warnings::add));
            final List<String> all = new ArrayList<>();
            final List<String> allWarnings = new ArrayList<>();
            @SuppressWarnings("unchecked")
            final PayloadDecoder<Object> decoder = (PayloadDecoder<Object>) decoders.apply(new ReplayContext(allWarnings::add, POOL));
            CaptureFiles.readAll(List.of(file), decoder, allWarnings::add, (event, time) -> all.add(event + "@" + time));
            assertEquals(direct, all, fixture);
            assertEquals(warnings, allWarnings, fixture);
            final List<String> replayWarnings = new ArrayList<>();
            final CaptureSource<?> replay = new CaptureSource<>(ReplayOptions.of(List.of(file)),
                    decoders.apply(new ReplayContext(replayWarnings::add, POOL)), new VirtualClock(Long.MAX_VALUE / 2), replayWarnings::add,
                    new ReplayProgress(0));
            assertEquals(readAll(replay.createReader(0, 1)), direct, fixture);
            assertEquals(replayWarnings, warnings, fixture);
            assertTrue(direct.size() > 10, fixture + ": " + direct.size() + " events");
        }
    }

    /** @return every event as {@code event@time}, in order */
    private static List<String> readAll(final SourceReader<?> reader) throws Exception {
        final List<String> events = new ArrayList<>();
        final SourceOutput<Object> output = new SourceOutput<>() {
            @Override
            public void emit(final Object value) {
                throw new IllegalStateException("a capture's events carry their time");
            }

            @Override
            public void emit(final Object value, final long timestamp) {
                events.add(value + "@" + timestamp);
            }

            @Override
            public SplitOutput<Object> split(final int splitIndex) {
                throw new IllegalStateException("a capture is one sequence");
            }
        };
        @SuppressWarnings("unchecked")
        final SourceReader<Object> objects = (SourceReader<Object>) reader;
        try (objects) {
            ReadStatus status;
            do {
                status = objects.read(output);
            } while (status != ReadStatus.END);
        }
        return events;
    }
}
