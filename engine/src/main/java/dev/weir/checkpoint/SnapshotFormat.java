package dev.weir.checkpoint;

/**
 * The binary layout of a snapshot file (docs/checkpoints.md), shared by
 * {@link SnapshotFileWriter} and {@link SnapshotFileReader}. All numbers little-endian.
 * <pre>
 * header:  magic "WSNP" (int), version (int), kind (byte), checkpoint id (long), key groups (int)
 * entries: tag (byte) and its fields, until tag END
 *          STATE:            state name (string), key group (int), key, namespace, value (each type id + value)
 *          EVENT_TIMER,
 *          PROCESSING_TIMER: key group (int), timestamp (long), key, namespace
 *          POSITION:         a source reader's position (type id + value)
 * types:   count (int), then per type: type id (int), binary class name (string)
 * footer:  offset of the type table (long), entry count (long), CRC-32C of every byte before it (int), magic "WEND" (int)
 * </pre>
 * The type table comes last because a snapshot meets some types for the first time while it
 * writes; a reader in a fresh JVM reads it first (from the footer) and learns the classes.
 */
final class SnapshotFormat {
    static final int MAGIC = 0x57534E50;
    static final int END_MAGIC = 0x57454E44;
    static final int VERSION = 1;
    static final byte KIND_STATE = 1;
    static final byte KIND_POSITIONS = 2;
    static final byte END = 0;
    static final byte STATE = 1;
    static final byte EVENT_TIMER = 2;
    static final byte PROCESSING_TIMER = 3;
    static final byte POSITION = 4;
    static final int HEADER_BYTES = 4 + 4 + 1 + 8 + 4;
    static final int FOOTER_BYTES = 8 + 8 + 4 + 4;

    private SnapshotFormat() {
    }
}
