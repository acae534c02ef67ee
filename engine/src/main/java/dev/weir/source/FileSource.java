package dev.weir.source;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A bounded source of text lines from one or more files, each line parsed into a record by a
 * {@link LineParser}. Each file is a split with its own watermark generator (docs/semantics.md §1,
 * split-level watermarks); instance {@code i} of {@code p} reads files {@code i, i+p, i+2p, ...}
 * of the list (round-robin), interleaving its files a batch of lines at a time, so a file that
 * lags in event time holds its instance's watermark back instead of its records becoming late.
 * A line the parser rejects, a line that is not valid in the charset and a line longer than
 * the limit each fail the pipeline with a {@link SourceParseException} naming the file and line,
 * after the records of earlier lines went through; a UTF-8 byte order mark is skipped. A file
 * that cannot be read fails it with a {@link SourceFileException}. Immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class FileSource<T> implements Source<T> {
    /** Lines read from one file per read, by default. */
    public static final int DEFAULT_BATCH_SIZE = 256;

    private final List<Path> files;
    private final LineParser<T> parser;
    private final Charset charset;
    private final int batchSize;
    private final int maxLineBytes;

    private FileSource(final List<Path> files, final LineParser<T> parser, final Charset charset, final int batchSize,
            final int maxLineBytes) {
        this.files = files;
        this.parser = parser;
        this.charset = charset;
        this.batchSize = batchSize;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * @param files the files, in split order; read as UTF-8
     * @param parser turns a line into a record
     * @param <T> the record type
     * @return a source over the files
     */
    public static <T> FileSource<T> of(final List<Path> files, final LineParser<T> parser) {
        return new FileSource<>(List.copyOf(Objects.requireNonNull(files, "files")), Objects.requireNonNull(parser, "parser"),
                StandardCharsets.UTF_8, DEFAULT_BATCH_SIZE,
                LineReader.DEFAULT_MAX_LINE_BYTES);
    }

    /**
     * @param file the file, read as UTF-8
     * @param parser turns a line into a record
     * @param <T> the record type
     * @return a source over one file
     */
    public static <T> FileSource<T> of(final Path file, final LineParser<T> parser) {
        return of(List.of(file), parser);
    }

    /**
     * @param fileCharset the files' encoding; malformed input is an error naming file and line.
     *     Lines are split on bytes, so it must encode ASCII as single bytes (UTF-8, US-ASCII and
     *     the ISO-8859 family do; UTF-16 does not)
     * @return this source with the encoding
     * @throws IllegalArgumentException if the charset does not encode ASCII as single bytes
     */
    public FileSource<T> withCharset(final Charset fileCharset) {
        final String ascii = "\n\r\t ,;:|=azAZ09\"'";
        if (!Arrays.equals(ascii.getBytes(Objects.requireNonNull(fileCharset, "fileCharset")), ascii.getBytes(StandardCharsets.US_ASCII))) {
            throw new IllegalArgumentException("a file source splits lines on bytes and needs a charset that encodes ASCII as single"
                    + " bytes (UTF-8, US-ASCII, ISO-8859-*): " + fileCharset + " does not");
        }
        return new FileSource<>(files, parser, fileCharset, batchSize, maxLineBytes);
    }

    /**
     * @param lines the most lines one read takes from one file; positive
     * @return this source with the batch size
     */
    public FileSource<T> withBatchSize(final int lines) {
        if (lines < 1) {
            throw new IllegalArgumentException("batch size must be positive: " + lines);
        }
        return new FileSource<>(files, parser, charset, lines, maxLineBytes);
    }

    /**
     * @param bytes the longest line accepted, in bytes without its terminator; positive (default
     *     {@link LineReader#DEFAULT_MAX_LINE_BYTES}). A longer line fails the pipeline with a
     *     {@link SourceParseException} naming the file and line, instead of exhausting the heap
     * @return this source with the limit
     */
    public FileSource<T> withMaxLineBytes(final int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("the maximum line length must be positive: " + bytes);
        }
        return new FileSource<>(files, parser, charset, batchSize, bytes);
    }

    @Override
    public FileSourceReader<T> createReader(final int instance, final int parallelism) {
        if (parallelism < 1 || instance < 0 || instance >= parallelism) {
            throw new IllegalArgumentException("instance " + instance + " of parallelism " + parallelism);
        }
        final int count = instance < files.size() ? (files.size() - 1 - instance) / parallelism + 1 : 0;
        final int[] fileIndexes = new int[count];
        for (int split = 0; split < count; split++) {
            fileIndexes[split] = instance + split * parallelism;
        }
        return new FileSourceReader<>(files, fileIndexes, parser, charset, batchSize, maxLineBytes);
    }

    /** @return the files, in split order */
    public List<Path> files() {
        return files;
    }

    /** @return the parser of every line */
    public LineParser<T> parser() {
        return parser;
    }

    /** @return the files' encoding */
    public Charset charset() {
        return charset;
    }

    /** @return the most lines one read takes from one file */
    public int batchSize() {
        return batchSize;
    }

    /** @return the longest line accepted, in bytes without its terminator */
    public int maxLineBytes() {
        return maxLineBytes;
    }
}
