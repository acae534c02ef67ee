package dev.weir.pipelines.generate;

/**
 * A file that generated traffic is written into, datagram by datagram: a capture ({@link CaptureWriter}) or a file of
 * length-prefixed ITCH messages ({@link ItchMessageFileWriter}). Closing it flushes what is buffered.
 */
public interface GeneratedFile extends DatagramSink, AutoCloseable {
    /** @return the bytes written to the file so far (compressed bytes, for a gzip file) */
    long bytes();

    /**
     * Flushes and closes the file.
     *
     * @throws java.io.UncheckedIOException if that fails, with a message naming the file
     */
    @Override
    void close();
}
