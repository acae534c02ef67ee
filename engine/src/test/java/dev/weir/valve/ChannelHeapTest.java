package dev.weir.valve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §2, the valve's min-heap over aligned channels: the peeked channel always has the
 * lowest watermark among the channels in the heap, whichever channel leaves or rises.
 */
class ChannelHeapTest {

    @Test
    void aChannelLeavingFromTheMiddleLetsTheLastOneMoveUp() {
        // heap order equals channel order: each value is at least its parent's
        final long[] watermarks = {0, 10, 100, 20, 30, 110, 120, 50};
        final ChannelHeap heap = new ChannelHeap(watermarks);
        for (int channel = 0; channel < watermarks.length; channel++) {
            heap.add(channel);
        }
        // channel 7 (50, under channel 3) takes channel 5's place under channel 2 (100): it must rise
        heap.remove(5);
        assertFalse(heap.contains(5));
        for (final int channel : new int[] {0, 1, 3, 4}) {
            watermarks[channel] = 1000;
            heap.increased(channel);
        }

        assertEquals(7, heap.peek()); // 50, below channel 2's 100 and channel 6's 120
    }

    @Test
    void thePeekIsAlwaysTheLowestWatermarkOverRandomOperations() {
        final Random random = new Random(0xB1A5L);
        for (int channels = 1; channels <= 16; channels++) {
            final long[] watermarks = new long[channels];
            final boolean[] inHeap = new boolean[channels];
            final ChannelHeap heap = new ChannelHeap(watermarks);
            for (int op = 0; op < 20_000; op++) {
                final int channel = random.nextInt(channels);
                if (inHeap[channel] && random.nextInt(3) == 0) {
                    heap.remove(channel);
                    inHeap[channel] = false;
                } else if (inHeap[channel]) {
                    watermarks[channel] += random.nextInt(1000);
                    heap.increased(channel);
                } else {
                    watermarks[channel] = random.nextInt(5000) + 10L * op;
                    heap.add(channel);
                    inHeap[channel] = true;
                }
                int lowest = -1;
                for (int c = 0; c < channels; c++) {
                    assertEquals(inHeap[c], heap.contains(c));
                    if (inHeap[c] && (lowest < 0 || watermarks[c] < watermarks[lowest])) {
                        lowest = c;
                    }
                }
                assertEquals(lowest < 0, heap.isEmpty(), channels + " channels, operation " + op);
                if (lowest >= 0) {
                    assertEquals(watermarks[lowest], watermarks[heap.peek()], channels + " channels, operation " + op);
                    assertTrue(inHeap[heap.peek()]);
                }
            }
        }
    }
}
