package dev.weir.checkpoint;

/**
 * One file of a checkpoint, as its manifest lists it.
 *
 * @param kind what the file holds
 * @param owner the operator or source it belongs to (no whitespace)
 * @param instance the instance that wrote it
 * @param parallelism the owner's number of instances when it was written
 * @param fileName the file's name inside the checkpoint's directory
 * @param lengthBytes its length
 * @param checksum the CRC-32C of its bytes but the last {@value #FOOTER_BYTES} (the checksum its footer records)
 */
public record CheckpointFile(Kind kind, String owner, int instance, int parallelism, String fileName, long lengthBytes, int checksum) {
    /** The bytes at the end of a snapshot file that its checksum does not cover: the checksum itself and the end magic. */
    public static final int FOOTER_BYTES = 8;

    /** What a checkpoint file holds. */
    public enum Kind {
        /** A source instance's read positions ({@code <source>-<instance>.pos}). */
        SOURCE_POSITIONS,
        /** A keyed operator instance's state and timers ({@code <operator>-<instance>.state}). */
        OPERATOR_STATE
    }
}
