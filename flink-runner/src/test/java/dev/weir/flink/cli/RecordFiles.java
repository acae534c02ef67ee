package dev.weir.flink.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The cluster test's record files ({@code key,ts,value} lines, one file per channel), generated
 * from a seed. Each file's timestamps advance {@link #STEP_MILLIS} a record, each record up to
 * {@link #JITTER_MILLIS} ahead of its step, so with a bounded out-of-orderness above the jitter
 * no record is late, on either engine and whatever the interleaving of the files. Stateless.
 */
final class RecordFiles {
    static final long STEP_MILLIS = 10;
    static final int JITTER_MILLIS = 150;
    private static final int KEYS = 4;

    private RecordFiles() {
    }

    /**
     * @param directory where the files go
     * @param channels how many files
     * @param perChannel records per file
     * @param seed the seed of keys, jitter and values
     * @return the files, {@code records-0.csv}, {@code records-1.csv}, ...
     */
    static List<Path> write(final Path directory, final int channels, final int perChannel, final long seed) throws IOException {
        final Random random = new Random(seed);
        final List<Path> files = new ArrayList<>();
        for (int channel = 0; channel < channels; channel++) {
            final Path file = directory.resolve("records-" + channel + ".csv");
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                out.write("key,ts,value\n");
                for (int i = 0; i < perChannel; i++) {
                    out.write("k" + random.nextInt(KEYS) + "," + (i * STEP_MILLIS + random.nextInt(JITTER_MILLIS + 1)) + ","
                            + random.nextInt(1000) + "\n");
                }
            }
            files.add(file);
        }
        return files;
    }
}
