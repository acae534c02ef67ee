package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.Alpha;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.pipelines.trades.OhlcvJob;
import dev.weir.pipelines.trades.TradePrint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay benchmark compares like with like: Weir's {@code ohlcv} replay and the baseline loop, written
 * independently, compute the same multiset of bars from a generated ITCH capture (in order, so nothing is
 * late), and the baseline is the oracle that cross-checks the job. Small, so the build stays fast; the
 * benchmark itself is not run here.
 */
final class OhlcvAgreementTest {
    private static final int SYMBOLS = 40;
    private static final long MESSAGES = 300_000;

    @TempDir
    Path directory;

    @Test
    void weirsOhlcvReplayAndTheBaselineEmitTheSameBars() throws InterruptedException {
        final Path file = directory.resolve("itch.pcap");
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.of(false, true))) {
            new ItchTrafficGenerator(new ItchTrafficOptions(SYMBOLS, MESSAGES, 20_000, 0, 7, 0, ItchTrafficOptions.DEFAULT_PORT,
                    ItchTrafficOptions.DEFAULT_DESTINATION)).generate(writer);
        }
        final OhlcvJob job = new OhlcvJob();
        final List<String> weir = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();
        final ReplaySummary summary = new ReplayRun<TradePrint>(job, ReplayOptions.of(List.of(file)), weir::add, warnings::add, () -> 0)
                .execute(OutputFormat.CSV);
        final String header = weir.remove(0);

        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, job.schema());
        final List<String> baseline = new ArrayList<>();
        final ReplayBaselineCounts counts = new ReplayBaseline(ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS).run(List.of(file),
                (symbol, start, open, high, low, close, volume, trades) -> baseline.add(printer.line(row -> row.text(Alpha.text(symbol, 8))
                        .number(start).fixed(open, 4).fixed(high, 4).fixed(low, 4).fixed(close, 4).number(volume).number(trades))));

        assertEquals("symbol,window_start,open,high,low,close,volume,trades", header);
        assertEquals(List.of(), warnings);
        assertEquals(0, summary.lateDropped() + summary.lateToSideOutput());
        assertEquals(0, counts.lateTrades());
        assertEquals(MESSAGES, counts.messages());
        assertEquals(counts.messages(), summary.decoded().get("messages"));
        assertEquals(counts.trades(), summary.read().events());
        // a real comparison: many bars of many symbols, each of several trades on average
        assertTrue(counts.bars() > 10 * SYMBOLS, counts.toString());
        assertTrue(counts.trades() > 3 * counts.bars(), counts.toString());
        assertEquals(SYMBOLS, counts.symbols());
        assertEquals(sorted(baseline), sorted(weir));
    }

    private static List<String> sorted(final List<String> rows) {
        final List<String> copy = new ArrayList<>(rows);
        copy.sort(null);
        return copy;
    }
}
