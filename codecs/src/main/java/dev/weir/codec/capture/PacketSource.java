package dev.weir.codec.capture;

/** The packets of one container format, read in file order through the capture's {@link CaptureWindow} window. */
interface PacketSource {
    /**
     * Reads the next packet into {@code packet}.
     *
     * @return false at the end of the file, or where the file is cut short (then {@link #truncatedAt()} is set)
     * @throws CaptureFormatException where a header is corrupt
     */
    boolean next(CapturePacket packet);

    /** @return the byte offset of an incomplete last record or block, or -1 while none was met */
    long truncatedAt();

    /**
     * @return packets read so far that carry no timestamp of their own (pcapng simple packet blocks) and were given
     *     the time of a packet next to them
     */
    default long untimedPackets() {
        return 0;
    }

    /** Starts again at the first packet. */
    void rewind();
}
