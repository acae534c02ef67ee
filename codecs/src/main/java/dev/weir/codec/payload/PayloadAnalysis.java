package dev.weir.codec.payload;

import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;

/**
 * Decodes the payloads of one format for an inspection: counts the messages and hands each event's time to a
 * {@link LatenessHistogram}. Sees the datagrams of all files in file order, as a replay's decoder does. Not
 * thread-safe.
 */
public interface PayloadAnalysis {
    /**
     * @param file the capture's name
     * @param packet the packet the datagram is in
     * @param datagram the datagram whose payload to decode
     */
    void payload(String file, CapturePacket packet, Datagram datagram);

    /**
     * @param file the file's name
     * @param message one message of a file of length-prefixed ITCH messages (a packet of link type
     *     {@link dev.weir.codec.capture.LinkType#ITCH_MESSAGE}); a format other than ITCH counts it as not its own
     */
    void message(String file, CapturePacket message);

    /** @return the counts so far */
    MessageTally tally();

    /** @return the report's section of this format (e.g. the MoldUDP64 framing), or null for a format that has none */
    ReportSection section();
}
