package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The examples of docs/sources.md, compiled and run, so the documentation cannot rot. */
class SourcesDocExamplesTest {
    record Trade(String symbol, long time, long price) {
    }

    @TempDir
    Path dir;

    @Test
    void theFileSourceExampleParsesSkipsCommentsAndReadsBothFiles() throws Exception {
        final Path day1 = Files.writeString(dir.resolve("day1.csv"), "# symbol,time,price\nAAPL,1000,190\nMSFT,1500,410\n");
        final Path day2 = Files.writeString(dir.resolve("day2.csv"), "# symbol,time,price\nAAPL,86401000,191\n");
        final FileSource<Trade> files = FileSource.of(List.of(day1, day2), line -> {
            final String text = line.toString();
            if (text.startsWith("#")) {
                return null;
            }
            final String[] f = text.split(",");
            return new Trade(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]));
        });
        final WatermarkStrategy<Trade> strategy = WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100)
                .withTimestampAssigner((t, ts) -> t.time())
                .withWatermarkAlignment("feeds", 5_000);
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("replay").alignmentGroups(new WatermarkAlignmentGroups());
        pipeline.from("trades", files, strategy, 2)
                .keyBy(Trade::symbol)
                .<String>process((trade, ctx, out) -> out.collect(trade.symbol() + "@" + ctx.timestamp() + "=" + trade.price()))
                .sink((line, ts) -> results.add(line));

        try (RunningPipeline running = pipeline.start()) {
            assertTrue(running.awaitTermination(Duration.ofSeconds(60)));
        }

        final List<String> sorted = new ArrayList<>(results);
        Collections.sort(sorted);
        assertEquals(List.of("AAPL@1000=190", "AAPL@86401000=191", "MSFT@1500=410"), sorted);
        assertEquals(250, WatermarkAlignment.of("feeds", 5_000).withUpdateInterval(250).updateIntervalMillis());
    }
}
