package dev.weir.codec.capture;

/**
 * The data of a capture cannot be read at an offset (a damaged gzip stream); {@link CaptureFile} turns it into a
 * {@link CaptureFormatException} that names the file and the packet being read.
 */
final class CaptureReadException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final long offset;

    /**
     * @param offset the offset in the data (the uncompressed stream for gzip) where reading failed
     * @param reason what is wrong
     */
    CaptureReadException(final long offset, final String reason) {
        super(reason);
        this.offset = offset;
    }

    /** @return the offset in the data where reading failed */
    long offset() {
        return offset;
    }
}
