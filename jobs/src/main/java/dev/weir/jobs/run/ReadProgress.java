package dev.weir.jobs.run;

import dev.weir.source.FileSource;
import dev.weir.source.FileSourceReader;
import dev.weir.source.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * How far a record-file job's source instances got through their files, in bytes. The readers
 * publish their positions once per batch ({@link FileSourceReader#bytesRead()}); this class
 * only sums them, so a progress display costs the read path nothing. Thread-safe.
 */
public final class ReadProgress {
    private final long totalBytes;
    private final AtomicReferenceArray<FileSourceReader<?>> readers;

    private ReadProgress(final long totalBytes, final int instances) {
        this.totalBytes = totalBytes;
        this.readers = new AtomicReferenceArray<>(instances);
    }

    /**
     * @param files the record files; their sizes now are the total
     * @param instances the number of source instances that read them
     * @return progress at 0 bytes
     * @throws UncheckedIOException if a file's size cannot be read
     */
    public static ReadProgress of(final List<Path> files, final int instances) {
        long total = 0;
        for (final Path file : files) {
            try {
                total += Files.size(file);
            } catch (final IOException unreadable) {
                throw new UncheckedIOException("cannot read the size of " + file, unreadable);
            }
        }
        return new ReadProgress(total, instances);
    }

    /**
     * @param source the file source to follow
     * @param <T> the record type
     * @return the same source, whose readers this progress follows as the pipeline creates them
     */
    <T> Source<T> follow(final FileSource<T> source) {
        return follow(source, 0);
    }

    /**
     * @param source the file source to follow, one of several this progress sums
     * @param firstInstance where its instances start among the instances this progress was made for
     * @param <T> the record type
     * @return the same source, whose readers this progress follows as the pipeline creates them
     */
    <T> Source<T> follow(final FileSource<T> source, final int firstInstance) {
        return (instance, parallelism) -> {
            final FileSourceReader<T> reader = source.createReader(instance, parallelism);
            readers.set(firstInstance + instance, reader);
            return reader;
        };
    }

    /** @return the bytes of every file together, as they were when the run started */
    public long totalBytes() {
        return totalBytes;
    }

    /**
     * @return the bytes read so far over every file, including those a restored run skipped;
     *     at most one batch per source instance behind the readers
     */
    public long bytesRead() {
        long sum = 0;
        for (int i = 0; i < readers.length(); i++) {
            final FileSourceReader<?> reader = readers.get(i);
            if (reader != null) {
                sum += reader.bytesRead();
            }
        }
        return sum;
    }
}
