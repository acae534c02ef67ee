package dev.weir.pipelines.replay;

import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.LinkType;
import org.agrona.DirectBuffer;

/**
 * One payload as a {@link PayloadDecoder} sees it, whatever brought it: its bytes, its arrival time, the source and
 * destination addresses and ports (IP/UDP header fields) and where it came from (a file's name and the packet's
 * number and offset in it). A capture replay fills it from the packets of its files; a live UDP source can fill it
 * from a socket the same way, so that the same decoders read both. A reusable view re-pointed at every payload;
 * valid during one {@link PayloadDecoder#decode} call. Not thread-safe.
 *
 * <p>A reader of its own (a test, a tool) fills one as the replay does: {@code file(name)} once per file, then for
 * each packet {@code captureFile.next(view.packet())} and {@code datagramDecoder.decode(view.packet(), view.ip())}.
 */
public final class Payload {
    private final CapturePacket packet = new CapturePacket();
    private final Datagram datagram = new Datagram();
    private String fileName = "";

    /** @return the captured packet this view is over: its time, number and file offset; the reader fills it */
    public CapturePacket packet() {
        return packet;
    }

    /** @param name the name of the capture file the packets come from, as given on the command line */
    public void file(final String name) {
        fileName = name;
    }

    /** @return the capture file's name as given on the command line */
    public String fileName() {
        return fileName;
    }

    /** @return the capture's window the payload is in */
    public DirectBuffer buffer() {
        return datagram.buffer();
    }

    /** @return the index in {@link #buffer()} of the payload's first byte */
    public int payloadOffset() {
        return datagram.payloadOffset();
    }

    /** @return the payload's length in bytes */
    public int payloadLength() {
        return datagram.payloadLength();
    }

    /** @return the packet's capture time in nanoseconds since the epoch */
    public long captureTimeNanos() {
        return packet.timestampNanos();
    }

    /** @return the packet's capture time in milliseconds since the epoch (rounded down) */
    public long captureTimeMillis() {
        return Math.floorDiv(packet.timestampNanos(), 1_000_000L);
    }

    /**
     * @return true if the payload is one ITCH 5.0 message of a file of length-prefixed messages (no MoldUDP64, no
     *     addresses or ports), false if it is a UDP datagram's
     */
    public boolean itchMessage() {
        return packet.linkType() == LinkType.ITCH_MESSAGE;
    }

    /** @return the packet's 1-based number in its file (the message's, in a file of ITCH messages) */
    public long packetNumber() {
        return packet.ordinal();
    }

    /** @return the file offset (in the uncompressed stream, for gzip) of the payload's byte {@code payloadIndex} (0 = the first) */
    public long fileOffsetOf(final int payloadIndex) {
        return packet.fileOffsetOf(datagram.payloadOffset() + payloadIndex);
    }

    /** @return the IP header fields and ports (source and destination address, ports, IP version); the reader fills it */
    public Datagram ip() {
        return datagram;
    }
}
