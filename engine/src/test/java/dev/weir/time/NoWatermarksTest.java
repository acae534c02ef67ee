package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/semantics.md §1, "none": no watermarks until end of input, which emits MAX. */
class NoWatermarksTest {

    @Test
    void noWatermarksNeverEmits() {
        final NoWatermarks<String> generator = new NoWatermarks<>();
        final RecordingOutput output = new RecordingOutput();

        generator.onPeriodicEmit(output);
        generator.onEvent("a", 1000, output);
        generator.onEvent("b", Long.MAX_VALUE, output);
        generator.onPeriodicEmit(output);

        assertEquals(List.of(), output.events);
    }

    @Test
    void onlyEndOfInputEmitsMax() {
        final RecordingSink sink = new RecordingSink();
        final StreamWatermarks<String> stream =
                new StreamWatermarks<>(WatermarkStrategy.noWatermarks(), new VirtualClock(0), sink);

        stream.onRecord("a", 1000);
        stream.periodicEmit();
        stream.onRecord("b", 9000);
        stream.periodicEmit();
        assertEquals(List.of(), sink.events);

        stream.end();
        assertEquals(List.of("WM MAX"), sink.events);
    }
}
