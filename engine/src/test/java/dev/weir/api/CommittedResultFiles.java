package dev.weir.api;

import dev.weir.runtime.sink.Sink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The results sink of the applications the kill-and-restore tests run in a child JVM: one
 * results file per sink instance, written at each barrier, whose length then goes into that
 * instance's commits file, and cut back on restart to the length it had at the restored
 * checkpoint's barrier. Each completed checkpoint is announced on stdout, where the test waits
 * for it.
 *
 * @param <T> the result type
 */
final class CommittedResultFiles<T> implements Sink<T> {
    /** Appends one result as a line, with its newline. */
    @FunctionalInterface
    interface LineFormat<T> {
        void append(T result, long timestamp, StringBuilder line);
    }

    private final Path output;
    private final long resumedFrom;
    private final LineFormat<? super T> format;

    /**
     * @param output the directory of the files
     * @param resumedFrom the checkpoint the run resumed from, 0 for a fresh start
     * @param format how a result becomes a line
     */
    CommittedResultFiles(final Path output, final long resumedFrom, final LineFormat<? super T> format) {
        this.output = output;
        this.resumedFrom = resumedFrom;
        this.format = format;
    }

    @Override
    public void accept(final T value, final long timestamp) {
        throw new IllegalStateException("each instance writes its own file");
    }

    @Override
    public Sink<T> instance(final int instance, final int parallelism) {
        return new InstanceFile<>(output.resolve("results-" + instance + ".csv"), output.resolve("results-" + instance + ".commits"),
                resumedFrom, format);
    }

    @Override
    public void checkpointCompleted(final long checkpointId) {
        System.out.println("checkpoint " + checkpointId + " completed");
        System.out.flush();
    }

    /** One instance's results and commits files. */
    private static final class InstanceFile<T> implements Sink<T> {
        private final FileChannel results;
        private final FileChannel commits;
        private final LineFormat<? super T> format;
        private final StringBuilder pending = new StringBuilder();

        InstanceFile(final Path resultsFile, final Path commitsFile, final long resumedFrom, final LineFormat<? super T> format) {
            this.format = format;
            try {
                this.results = FileChannel.open(resultsFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                this.commits = FileChannel.open(commitsFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND);
                final long length = resumedFrom == 0 ? 0 : committedLength(commitsFile, resumedFrom);
                results.truncate(length);
                results.position(length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static long committedLength(final Path commitsFile, final long checkpointId) throws IOException {
            final List<String> lines = Files.readAllLines(commitsFile);
            for (int i = lines.size() - 1; i >= 0; i--) {
                final String[] fields = lines.get(i).split(" ");
                if (fields.length == 2 && Long.parseLong(fields[0]) == checkpointId) {
                    return Long.parseLong(fields[1]);
                }
            }
            throw new IllegalStateException(commitsFile + " has no length for checkpoint " + checkpointId);
        }

        @Override
        public void accept(final T result, final long timestamp) {
            format.append(result, timestamp, pending);
        }

        @Override
        public void checkpoint(final long checkpointId) {
            try {
                write();
                write(commits, checkpointId + " " + results.position() + "\n");
                commits.force(false);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void finish() {
            try {
                write();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                results.close();
                commits.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void write() throws IOException {
            write(results, pending.toString());
            pending.setLength(0);
            results.force(false);
        }

        private static void write(final FileChannel channel, final String text) throws IOException {
            final ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }
    }
}
