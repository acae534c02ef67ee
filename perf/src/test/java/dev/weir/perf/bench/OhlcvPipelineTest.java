package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.Alpha;
import dev.weir.perf.harness.Arrivals;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.trades.OhlcvRow;
import dev.weir.pipelines.trades.TradePrint;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ohlcv} over a small generated capture (20 symbols, 30,000 messages: 3 s of trading): the input hands out the
 * decoded trades in order, pass after pass shifted by whole seconds; Weir's {@code ohlcv} job, under each kind of
 * setting, and the ceiling compute the same multiset of bars and report them alike (counted, not timed).
 */
final class OhlcvPipelineTest {
    private static final ItchTrafficOptions CAPTURE = ItchTrafficOptions.of(20, 30_000);
    private static final DecodedTrades TRADES = DecodedTrades.generate(CAPTURE);
    private static final BenchSettings SMALL = BenchSettings.defaults().withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF)
            .withWatermarkIntervalMillis(0);
    private static final Comparator<OhlcvRow> ORDER = Comparator.comparingLong(OhlcvRow::windowStart).thenComparing(OhlcvRow::symbol);

    static Stream<Arguments> weirSettings() {
        return CollectingPipeline.settingsKinds(SMALL);
    }

    /** Two and a half passes over the capture. */
    private static long events() {
        return TRADES.size() * 5L / 2;
    }

    @Test
    void passesRepeatTheCaptureShiftedByWholeSeconds() {
        final ReplayedTrades events = new ReplayedTrades(TRADES, 4);
        final long passNanos = TRADES.passNanos();
        assertEquals(0, passNanos % 1_000_000_000L);
        assertTrue(TRADES.size() > 1_000, "trades: " + TRADES.size());
        long previous = Long.MIN_VALUE;
        for (long i = 0; i < events(); i++) {
            final TradePrint trade = events.next(i, i).trade();
            assertTrue(trade.timestampNanos() >= previous, "event time never decreases");
            previous = trade.timestampNanos();
        }
        for (final long index : new long[] {0, 1, TRADES.size() / 2, TRADES.size() - 1}) {
            final ReplayedTrades again = new ReplayedTrades(TRADES, 4);
            final ReplayedTrade first = again.next(index, 7);
            final String symbol = first.trade().symbol().text();
            final long price = first.trade().price();
            final long shares = first.trade().shares();
            final long nanos = first.trade().timestampNanos();
            assertEquals(7, first.intendedNanos());
            final TradePrint second = again.next(index + TRADES.size(), 8).trade();
            assertEquals(symbol, second.symbol().text());
            assertEquals(price, second.price());
            assertEquals(shares, second.shares());
            assertEquals(nanos + passNanos, second.timestampNanos());
        }
    }

    @Test
    void aCaptureThatIsNotInOrderOrCompleteIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> DecodedTrades.generate(
                new ItchTrafficOptions(20, 30_000, 10_000, 5, 1, 0, ItchTrafficOptions.DEFAULT_PORT, ItchTrafficOptions.DEFAULT_DESTINATION)));
        assertThrows(IllegalArgumentException.class, () -> DecodedTrades.generate(
                new ItchTrafficOptions(20, 30_000, 10_000, 0, 1, 2, ItchTrafficOptions.DEFAULT_PORT, ItchTrafficOptions.DEFAULT_DESTINATION)));
    }

    private static List<OhlcvRow> ceiling(final Arrivals[] arrivals) throws InterruptedException {
        final List<OhlcvRow> results = new ArrayList<>();
        arrivals[0] = CollectingPipeline.drive(
                reported -> new OhlcvCeiling(reported, (symbol, start, open, high, low, close, volume, trades) -> results.add(
                        new OhlcvRow(Alpha.text(symbol, 8), start, open, high, low, close, volume, trades))),
                new ReplayedTrades(TRADES, 16), events());
        return results;
    }

    @Test
    void theCeilingsBarsRepeatPassAfterPass() throws InterruptedException {
        final List<OhlcvRow> bars = ceiling(new Arrivals[1]);
        final long passMillis = TRADES.passNanos() / 1_000_000L;
        final long firstWindow = bars.stream().mapToLong(OhlcvRow::windowStart).min().orElseThrow();
        final List<OhlcvRow> firstPass = new ArrayList<>();
        final List<OhlcvRow> secondPassShiftedBack = new ArrayList<>();
        for (final OhlcvRow bar : bars) {
            if (bar.windowStart() < firstWindow + passMillis) {
                firstPass.add(bar);
            } else if (bar.windowStart() < firstWindow + 2 * passMillis) {
                secondPassShiftedBack.add(new OhlcvRow(bar.symbol(), bar.windowStart() - passMillis, bar.open(), bar.high(), bar.low(),
                        bar.close(), bar.volume(), bar.trades()));
            }
        }
        firstPass.sort(ORDER);
        secondPassShiftedBack.sort(ORDER);
        assertTrue(firstPass.size() > 20, "bars in a pass: " + firstPass.size());
        assertEquals(firstPass, secondPassShiftedBack);
        assertEquals(events(), bars.stream().mapToLong(OhlcvRow::trades).sum());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void weirsOhlcvJobAndTheCeilingComputeTheSameBars(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals[] ceilingArrivals = new Arrivals[1];
        final List<OhlcvRow> expected = ceiling(ceilingArrivals);
        final OhlcvPipeline ohlcv = new OhlcvPipeline(CAPTURE);
        CollectingPipeline.assertAgrees(ohlcv, ohlcv::results, settings, events(), ORDER, expected, ceilingArrivals[0]);
        assertTrue(ceilingArrivals[0].histogram().getTotalCount() > 0, "bars closed by watermarks during the run");
    }
}
