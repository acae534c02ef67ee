package dev.weir.flink;

import dev.weir.pipelines.scenario.ScenarioRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.connector.datagen.source.GeneratorFunction;

/**
 * The cluster test's records, generated from a seed, both as record files ({@code key,ts,value}
 * lines, one file per channel) for Weir and as a Flink generator that yields record {@code i} for
 * index {@code i}: the files' records one channel after the other, so that Flink's index ranges
 * at parallelism 2 are the two files. Each channel's timestamps advance {@link #STEP_MILLIS} a
 * record, each record up to {@link #JITTER_MILLIS} ahead of its step, so with a bounded
 * out-of-orderness above the jitter no record is late on either engine. Immutable; shipped to
 * Flink's tasks.
 */
final class IndexedRecords implements GeneratorFunction<Long, ScenarioRecord> {
    private static final long serialVersionUID = 1L;
    static final long STEP_MILLIS = 10;
    static final long JITTER_MILLIS = 150;
    private static final int KEYS = 4;

    private final String[] keys;
    private final long[] timestamps;
    private final long[] values;

    private IndexedRecords(final String[] keys, final long[] timestamps, final long[] values) {
        this.keys = keys;
        this.timestamps = timestamps;
        this.values = values;
    }

    /**
     * @param channels how many channels (files)
     * @param perChannel records per channel
     * @param seed the seed of keys, jitter and values
     * @return the records
     */
    static IndexedRecords generate(final int channels, final int perChannel, final long seed) {
        final Random random = new Random(seed);
        final int count = channels * perChannel;
        final String[] keys = new String[count];
        final long[] timestamps = new long[count];
        final long[] values = new long[count];
        for (int channel = 0; channel < channels; channel++) {
            for (int i = 0; i < perChannel; i++) {
                final int at = channel * perChannel + i;
                keys[at] = "k" + random.nextInt(KEYS);
                timestamps[at] = i * STEP_MILLIS + random.nextInt((int) JITTER_MILLIS + 1);
                values[at] = random.nextInt(1000);
            }
        }
        return new IndexedRecords(keys, timestamps, values);
    }

    /** @return how many records */
    int size() {
        return keys.length;
    }

    /**
     * Writes the records as {@code channels} record files of equal length, in index order.
     *
     * @return the files
     */
    List<Path> write(final Path directory, final int channels) throws IOException {
        final int perChannel = size() / channels;
        final List<Path> files = new ArrayList<>();
        for (int channel = 0; channel < channels; channel++) {
            final List<String> lines = new ArrayList<>(perChannel + 1);
            lines.add("key,ts,value");
            for (int at = channel * perChannel; at < (channel + 1) * perChannel; at++) {
                lines.add(keys[at] + "," + timestamps[at] + "," + values[at]);
            }
            final Path file = directory.resolve("records-" + channel + ".csv");
            Files.write(file, lines, StandardCharsets.UTF_8);
            files.add(file);
        }
        return files;
    }

    @Override
    public ScenarioRecord map(final Long index) {
        final int at = Math.toIntExact(index);
        return new ScenarioRecord(keys[at], timestamps[at], values[at]);
    }
}
