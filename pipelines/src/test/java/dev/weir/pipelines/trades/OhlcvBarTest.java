package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The bar accumulator: adding in message order and merging by event time. */
class OhlcvBarTest {
    private static List<Long> values(final OhlcvBar bar) {
        return List.of(bar.open(), bar.high(), bar.low(), bar.close(), bar.volume(), bar.trades());
    }

    @Test
    void openAndCloseFollowMessageOrderNotPriceOrTime() {
        final OhlcvBar bar = new OhlcvBar().add(500, 1, 10).add(900, 2, 10).add(100, 3, 5).add(400, 4, 7);
        assertEquals(List.of(500L, 900L, 100L, 400L, 10L, 4L), values(bar));
    }

    @Test
    void oneTradeIsOpenHighLowAndClose() {
        assertEquals(List.of(7L, 7L, 7L, 7L, 3L, 1L), values(new OhlcvBar().add(7, 3, 0)));
    }

    @Test
    void mergingTakesTheEarlierOpenAndTheLaterClose() {
        final OhlcvBar later = new OhlcvBar().add(300, 1, 2_000).add(350, 1, 2_500);
        final OhlcvBar earlier = new OhlcvBar().add(100, 2, 1_000).add(600, 2, 1_500);
        assertEquals(List.of(100L, 600L, 100L, 350L, 6L, 4L), values(later.merge(earlier)));

        final OhlcvBar first = new OhlcvBar().add(100, 1, 1_000);
        final OhlcvBar tie = new OhlcvBar().add(200, 1, 1_000);
        assertEquals(List.of(100L, 200L, 100L, 200L, 2L, 2L), values(first.merge(tie))); // on a tie, this bar is earlier
    }

    @Test
    void mergingWithAnEmptyBarChangesNothingEitherWay() {
        final List<Long> expected = List.of(5L, 9L, 5L, 9L, 3L, 2L);
        assertEquals(expected, values(new OhlcvBar().add(5, 1, 1).add(9, 2, 2).merge(new OhlcvBar())));
        assertEquals(expected, values(new OhlcvBar().merge(new OhlcvBar().add(5, 1, 1).add(9, 2, 2))));
    }
}
