package dev.weir.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.SavepointRestart;
import dev.weir.flink.SortedResults;
import dev.weir.source.FileSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file source's read positions are Flink state: a job stopped with a savepoint in the middle of
 * its files and started again from it emits, over both runs, every line exactly once.
 */
class FlinkFilePositionTest {
    private static final int LINES_PER_FILE = 60_000;

    @TempDir
    Path dir;

    @Test
    void aJobStoppedWithASavepointMidFileResumesAtTheNextLine() throws Exception {
        final List<String> all = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        for (final String name : List.of("a", "b", "c")) {
            final List<String> lines = new ArrayList<>();
            for (int i = 0; i < LINES_PER_FILE; i++) {
                lines.add(name + "," + i + "," + i % 7);
            }
            files.add(Files.write(dir.resolve(name + ".csv"), lines, StandardCharsets.UTF_8));
            all.addAll(lines);
        }
        // 16 lines a read; reader 0 reads a and c, reader 1 reads b
        final FileSource<String> source = FileSource.of(files, FlinkFileSourceTest.LINE).withBatchSize(16);
        final List<List<String>> runs = SavepointRestart.run(FlinkFileSource.of(source), 2, dir.resolve("savepoints"));
        final List<String> both = new ArrayList<>(runs.get(0));
        both.addAll(runs.get(1));
        assertEquals(SortedResults.sorted(all), SortedResults.sorted(both));
        for (final String name : List.of("a", "b", "c")) {
            // each file's lines in file order, the second run going on at the line after the first run's last
            final List<String> lines = both.stream().filter(line -> line.startsWith(name + ",")).toList();
            assertEquals(all.stream().filter(line -> line.startsWith(name + ",")).toList(), lines);
        }
        assertTrue(runs.get(0).size() < all.size() / 2, "stopped mid-file: " + runs.get(0).size() + " lines in the first run");
    }
}
