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
 * @param itchMessages messages read from files of length-prefixed ITCH messages, which have no packets
 */
public record CaptureReadCounts(long packets, long datagrams, long fragments, long notUdp, long malformedPackets, long unsupportedLink,
        long filteredOut, long events, long badPayloads, long badFiles, long truncatedFiles, long itchMessages) {
    /** The counts of a replay of packet captures only: no files of length-prefixed ITCH messages. */
    public CaptureReadCounts(final long packets, final long datagrams, final long fragments, final long notUdp, final long malformedPackets,
            final long unsupportedLink, final long filteredOut, final long events, final long badPayloads, final long badFiles,
            final long truncatedFiles) {
        this(packets, datagrams, fragments, notUdp, malformedPackets, unsupportedLink, filteredOut, events, badPayloads, badFiles,
                truncatedFiles, 0);
    }
}
