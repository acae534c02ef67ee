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
 *          BROADCAST_STATE:  state name (string), key, value (each type id + value); since version 2
 * types:   count (int), then per type: type id (int), binary class name (string)
 * footer:  offset of the type table (long), entry count (long), CRC-32C of every byte before it (int), magic "WEND" (int)
 * </pre>
 * Version 2 added the BROADCAST_STATE entry; a version 1 file is read as before.
 * The type table comes last because a snapshot meets some types for the first time while it
 * writes; a reader in a fresh JVM reads it first (from the footer) and learns the classes.
 */
final class SnapshotFormat {
    static final int MAGIC = 0x57534E50;
    static final int END_MAGIC = 0x57454E44;
    static final int VERSION = 2;
    /** The oldest version this Weir reads: version 1 files hold no broadcast state, otherwise the same. */
    static final int OLDEST_READABLE_VERSION = 1;
    static final byte KIND_STATE = 1;
    static final byte KIND_POSITIONS = 2;
    static final byte END = 0;
    static final byte STATE = 1;
    static final byte EVENT_TIMER = 2;
    static final byte PROCESSING_TIMER = 3;
    static final byte POSITION = 4;
    static final byte BROADCAST_STATE = 5;
    static final int HEADER_BYTES = 4 + 4 + 1 + 8 + 4;
    static final int FOOTER_BYTES = 8 + 8 + 4 + 4;

    private SnapshotFormat() {
    }
}
