package dev.weir.pipelines.nexmark;

import dev.weir.runtime.sink.Sink;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A file sink partitioned by its rows' last columns, as a partitioned filesystem table of Flink SQL lays out its
 * files: a CSV row whose last columns are partition values {@code v1 ... vn} goes, without them, to the part file
 * {@code directory/c1=v1/.../cn=vn/part-i.csv} of the sink's instance {@code i}, one line per row, in the order the
 * instance got them. A partition value must be a plain name: not empty, no comma, quote, slash or backslash, not
 * {@code .} or {@code ..}. Files are written in UTF-8 and closed when the instance's input ends; a directory's files
 * of an earlier run are replaced.
 */
public final class PartitionedFileSink implements Sink<String> {
    private final Path directory;
    private final List<String> columns;
    private final String partFile;
    private final Map<String, BufferedWriter> open = new HashMap<>();

    /**
     * @param directory the table's directory, created when missing
     * @param partitionColumns the names of the partition columns, the rows' last columns in this order
     */
    public PartitionedFileSink(final Path directory, final String... partitionColumns) {
        this(directory, List.of(partitionColumns), "part-0.csv");
        if (partitionColumns.length == 0) {
            throw new IllegalArgumentException("a partitioned file sink needs at least one partition column");
        }
    }

    private PartitionedFileSink(final Path directory, final List<String> columns, final String partFile) {
        this.directory = directory;
        this.columns = columns;
        this.partFile = partFile;
    }

    /** @return the name of instance {@code i}'s part file in each partition, {@code part-i.csv} */
    static String partFile(final int instance) {
        return "part-" + instance + ".csv";
    }

    @Override
    public Sink<String> instance(final int instance, final int parallelism) {
        return new PartitionedFileSink(directory, columns, partFile(instance));
    }

    @Override
    public void accept(final String row, final long timestamp) {
        int end = row.length();
        final String[] values = new String[columns.size()];
        for (int c = columns.size() - 1; c >= 0; c--) {
            final int comma = row.lastIndexOf(',', end - 1);
            if (comma < 0) {
                throw new IllegalArgumentException("row '" + row + "' has no column " + columns.get(c) + " to partition by");
            }
            values[c] = partitionValue(row, columns.get(c), row.substring(comma + 1, end));
            end = comma;
        }
        final StringBuilder partition = new StringBuilder();
        for (int c = 0; c < values.length; c++) {
            partition.append(c == 0 ? "" : "/").append(columns.get(c)).append('=').append(values[c]);
        }
        final String line = row.substring(0, end);
        try {
            writer(partition.toString()).append(line).append('\n');
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + directory.resolve(partition.toString()).resolve(partFile), e);
        }
    }

    private static String partitionValue(final String row, final String column, final String value) {
        if (value.isEmpty() || value.equals(".") || value.equals("..") || value.indexOf('/') >= 0 || value.indexOf('\\') >= 0
                || value.indexOf('"') >= 0) {
            throw new IllegalArgumentException("row '" + row + "': partition column " + column + " is '" + value
                    + "', not a plain name for a directory");
        }
        return value;
    }

    private BufferedWriter writer(final String partition) throws IOException {
        BufferedWriter writer = open.get(partition);
        if (writer == null) {
            final Path file = directory.resolve(partition).resolve(partFile);
            Files.createDirectories(file.getParent());
            writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            open.put(partition, writer);
        }
        return writer;
    }

    @Override
    public void finish() {
        closeFiles();
    }

    @Override
    public void close() {
        closeFiles();
    }

    private void closeFiles() {
        final List<String> failed = new ArrayList<>();
        IOException first = null;
        for (final Map.Entry<String, BufferedWriter> entry : open.entrySet()) {
            try {
                entry.getValue().close();
            } catch (final IOException e) {
                failed.add(directory.resolve(entry.getKey()).resolve(partFile).toString());
                first = first == null ? e : first;
            }
        }
        open.clear();
        if (first != null) {
            throw new UncheckedIOException("cannot close " + String.join(", ", failed), first);
        }
    }
}
