package dev.weir.pipelines.tca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.SystemNanoClock;
import dev.weir.pipelines.replay.CaptureFiles;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJobs;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.pipelines.replay.RowPrinter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code tca} ({@link TcaJob}: the top of book, its prints split by filters and the as-of join of trades with quotes by
 * symbol) prints over the ITCH fixtures exactly the rows of the plain loop ({@link TcaLoop}), in the same order.
 */
class TcaJobTest {
    @Test
    void theRowsAreThoseOfThePlainLoop() throws Exception {
        final List<Path> files = List.of(resource("/replay/itch-small.pcap"), resource("/replay/itch-small.pcapng"));
        final List<String> expected = loopRows(files);
        assertEquals(1 + 625, expected.size(), "the header and a row per trade");
        final List<String> printed = new ArrayList<>();
        final ReplaySummary summary = new ReplayRun<>(ReplayJobs.named("tca"), ReplayOptions.of(files), printed::add, warning -> { },
                SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        assertEquals(expected, printed);
        assertEquals(625, summary.rows());
        assertEquals("AAPL,34205860508400,189.8700,300,190.0900,189.8600,189.97500,-12.11,S", printed.get(1 + 300));
    }

    @Test
    void eachFixtureAloneGivesTheLoopsRows() throws Exception {
        for (final String name : List.of("/replay/itch-small.pcap", "/replay/itch-small.pcapng")) {
            final List<Path> files = List.of(resource(name));
            final List<String> printed = new ArrayList<>();
            new ReplayRun<>(new TcaJob(), ReplayOptions.of(files), printed::add, warning -> { }, SystemNanoClock.INSTANCE)
                    .execute(OutputFormat.CSV);
            assertEquals(loopRows(files), printed, name);
        }
    }

    /** @return the CSV header and the loop's rows over the files */
    private static List<String> loopRows(final List<Path> files) throws Exception {
        final TcaLoop loop = new TcaLoop();
        final ReplayContext context = new ReplayContext(warning -> { }, 1 << 16);
        CaptureFiles.readAll(files, new ItchOrderDecoder(context), context.warnings(), (event, time) -> loop.accept(event));
        final RowPrinter rows = new RowPrinter(OutputFormat.CSV, TcaJob.SCHEMA);
        final List<String> lines = new ArrayList<>(List.of(String.join(",", TcaJob.SCHEMA.columns())));
        loop.rows().forEach(row -> lines.add(rows.line(row)));
        return lines;
    }

    private static Path resource(final String name) throws Exception {
        return Path.of(TcaJobTest.class.getResource(name).toURI());
    }
}
