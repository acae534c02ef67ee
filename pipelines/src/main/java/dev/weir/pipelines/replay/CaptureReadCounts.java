package dev.weir.pipelines.replay;

/**
 * What a replay read from its capture files, for the summary.
 *
 * @param packets packets read, over all files
 * @param datagrams UDP datagrams the filter kept and the decoder was given
 * @param fragments IP fragments skipped
 * @param notUdp packets that are not IP or not UDP, skipped
 * @param malformedPackets packets whose headers are inconsistent or not all captured, skipped
 * @param unsupportedLink packets of a link type the reader does not know, skipped
 * @param filteredOut datagrams the port or address filter did not keep
 * @param events events the decoder emitted
 * @param badPayloads payloads that broke their format, skipped with {@code --skip-bad}
 * @param badFiles files whose container is corrupt, skipped from the fault on with {@code --skip-bad}
 * @param truncatedFiles files cut short inside their last packet
 * @param cutBySnapLength packets whose datagram the capture's snapshot length cut, skipped: the results may be incomplete
 * @param lengthMismatches datagrams whose UDP length is shorter than their IP length says, decoded by the UDP length
 * @param untimedPackets packets without a timestamp of their own (pcapng simple packet blocks), given a neighbour's
 * @param itchMessages messages read from files of length-prefixed ITCH messages, which have no packets
 */
public record CaptureReadCounts(long packets, long datagrams, long fragments, long notUdp, long malformedPackets, long unsupportedLink,
        long filteredOut, long events, long badPayloads, long badFiles, long truncatedFiles, long cutBySnapLength,
        long lengthMismatches, long untimedPackets, long itchMessages) {
    /** No packets, datagrams, events or faults: what a replay that never started read. */
    public static final CaptureReadCounts NONE = new CaptureReadCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
