package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, punctuated generators: they emit from {@code onEvent}, only when the record
 * carries a watermark, never periodically; the output still forwards only strictly larger ones.
 */
class PunctuatedWatermarksTest {

    /** Records "wm:N" carry watermark N; every other record carries none. */
    private static final Punctuation<String> MARKERS =
            (event, timestamp) -> event.startsWith("wm:") ? Long.parseLong(event.substring(3)) : Punctuation.NO_WATERMARK;

    @Test
    void punctuatedEmitsFromOnEventOnlyWhenTheRecordCarriesOne() {
        final PunctuatedWatermarks<String> generator = new PunctuatedWatermarks<>(MARKERS);
        final RecordingOutput output = new RecordingOutput();

        generator.onEvent("a", 100, output);
        assertEquals(List.of(), output.events);
        generator.onEvent("wm:500", 120, output);
        assertEquals(List.of("emit 500"), output.events);
        generator.onPeriodicEmit(output);
        generator.onEvent("b", 900, output);
        // the generator does not filter: a lower marker is emitted and left to the output
        generator.onEvent("wm:400", 130, output);

        assertEquals(List.of("emit 500", "emit 400"), output.events);
    }

    @Test
    void aMarkerMayCarryItsOwnTimestampAsTheWatermark() {
        final PunctuatedWatermarks<String> generator =
                new PunctuatedWatermarks<>((event, timestamp) -> event.equals("marker") ? timestamp : Punctuation.NO_WATERMARK);
        final RecordingOutput output = new RecordingOutput();

        generator.onEvent("a", 100, output);
        generator.onEvent("marker", 250, output);
        generator.onEvent("b", 300, output);

        assertEquals(List.of("emit 250"), output.events);
    }

    @Test
    void punctuatedStreamsHaveNoPeriodicEmissionAndForwardOnlyRisingMarkers() {
        final WatermarkStrategy<String> strategy = WatermarkStrategy.forPunctuation(MARKERS);
        final RecordingSink sink = new RecordingSink();
        final StreamWatermarks<String> stream = new StreamWatermarks<>(strategy, new VirtualClock(0), sink);

        assertEquals(0, strategy.intervalMillis());
        stream.onRecord("a", 100);
        stream.onRecord("wm:500", 120);
        stream.periodicEmit();
        stream.onRecord("wm:400", 130);
        stream.onRecord("wm:500", 140);
        stream.onRecord("wm:900", 150);

        assertEquals(List.of("WM 500", "WM 900"), sink.events);
    }
}
