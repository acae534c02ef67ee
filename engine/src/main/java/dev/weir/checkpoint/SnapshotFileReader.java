package dev.weir.checkpoint;

import dev.weir.state.StateInput;
import dev.weir.state.StateSerializers;
import dev.weir.state.UnsupportedStateTypeException;
import dev.weir.timer.TimeDomain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Reads a snapshot file written by {@link SnapshotFileWriter}, in this JVM or a fresh one: it
 * checks the header, footer and checksum, learns the classes of the type table, then hands
 * every entry to a {@link SnapshotEntryVisitor}. It reads every format version from
 * {@code SnapshotFormat.OLDEST_READABLE_VERSION} on (version 1 files, written before broadcast
 * state, read as they always did). The file is read whole into memory. Any
 * problem is a {@link CheckpointException} naming the file.
 */
public final class SnapshotFileReader {
    private SnapshotFileReader() {
    }

    /**
     * @param file a state file
     * @param visitor receives the state entries and timers
     * @return the checkpoint id the file belongs to
     * @throws CheckpointException if the file is missing, damaged, of another kind, or holds a class that cannot be loaded
     */
    public static long readState(final Path file, final SnapshotEntryVisitor visitor) {
        return read(file, SnapshotFormat.KIND_STATE, visitor);
    }

    /**
     * @param file a positions file
     * @param visitor receives the positions
     * @return the checkpoint id the file belongs to
     * @throws CheckpointException if the file is missing, damaged, of another kind, or holds a class that cannot be loaded
     */
    public static long readPositions(final Path file, final SnapshotEntryVisitor visitor) {
        return read(file, SnapshotFormat.KIND_POSITIONS, visitor);
    }

    private static long read(final Path file, final byte kind, final SnapshotEntryVisitor visitor) {
        final byte[] bytes;
        if (Files.exists(file)) {
            // a FIFO would block the read below until something writes to it
            CheckpointDirectory.regularFileSize(file, "checkpoint file " + file);
        }
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException missing) {
            throw new CheckpointException("checkpoint file " + file + " is missing", missing);
        } catch (IOException | OutOfMemoryError unreadable) {
            throw new CheckpointException("checkpoint file " + file + " cannot be read: " + unreadable, unreadable);
        }
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final int length = bytes.length;
        if (length < SnapshotFormat.HEADER_BYTES + SnapshotFormat.FOOTER_BYTES
                || buffer.getInt(0) != SnapshotFormat.MAGIC || buffer.getInt(length - 4) != SnapshotFormat.END_MAGIC) {
            throw damaged(file, "not a complete Weir snapshot file (" + length + " bytes)");
        }
        final CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length - 8);
        if ((int) crc.getValue() != buffer.getInt(length - 8)) {
            throw damaged(file, "checksum mismatch");
        }
        final long typeTableOffset = buffer.getLong(length - SnapshotFormat.FOOTER_BYTES);
        final long entryCount = buffer.getLong(length - SnapshotFormat.FOOTER_BYTES + 8);
        final int entriesEnd = length - SnapshotFormat.FOOTER_BYTES;
        if (typeTableOffset < SnapshotFormat.HEADER_BYTES || typeTableOffset > entriesEnd) {
            throw damaged(file, "type table offset " + typeTableOffset + " out of range");
        }
        final StateInput in = new StateInput();
        try {
            final Map<Integer, String> unknownTypes = learnTypes(file, in.wrap(buffer, (int) typeTableOffset, entriesEnd - (int) typeTableOffset));
            in.wrap(buffer, 0, (int) typeTableOffset);
            in.skip(4);
            final int version = in.readInt();
            if (version < SnapshotFormat.OLDEST_READABLE_VERSION || version > SnapshotFormat.VERSION) {
                throw damaged(file, "format version " + version + ", this Weir reads versions " + SnapshotFormat.OLDEST_READABLE_VERSION
                        + " to " + SnapshotFormat.VERSION);
            }
            final byte fileKind = in.readByte();
            if (fileKind != kind) {
                throw damaged(file, kind == SnapshotFormat.KIND_STATE ? "a positions file where a state file belongs"
                        : "a state file where a positions file belongs");
            }
            final long checkpointId = in.readLong();
            in.readInt(); // key groups, for diagnostics
            final long entries = readEntries(file, in, visitor, unknownTypes);
            if (entries != entryCount) {
                throw damaged(file, entries + " entries where the footer says " + entryCount);
            }
            return checkpointId;
        } catch (IllegalStateException | IndexOutOfBoundsException truncated) {
            throw damaged(file, truncated.getMessage());
        }
    }

    private static Map<Integer, String> learnTypes(final Path file, final StateInput in) {
        final Map<Integer, String> unknown = new HashMap<>();
        final int count = in.readInt();
        for (int i = 0; i < count; i++) {
            final int id = in.readInt();
            final String className = in.readString(null);
            try {
                if (StateSerializers.learn(className) != id) {
                    throw damaged(file, "class " + className + " has another type id in this JVM");
                }
            } catch (UnsupportedStateTypeException notHere) {
                // only an error if an entry uses it: the table lists every type the writing JVM knew
                unknown.put(id, className);
            }
        }
        return unknown;
    }

    private static long readEntries(final Path file, final StateInput in, final SnapshotEntryVisitor visitor,
            final Map<Integer, String> unknownTypes) {
        long entries = 0;
        try {
            while (true) {
                final byte tag = in.readByte();
                switch (tag) {
                    case SnapshotFormat.END:
                        return entries;
                    case SnapshotFormat.STATE:
                        final String stateName = in.readString(null);
                        final int keyGroup = in.readInt();
                        final Object key = StateSerializers.any().read(in, null);
                        final Object namespace = StateSerializers.any().read(in, null);
                        visitor.stateEntry(stateName, keyGroup, key, namespace, StateSerializers.any().read(in, null));
                        break;
                    case SnapshotFormat.EVENT_TIMER:
                    case SnapshotFormat.PROCESSING_TIMER:
                        final int timerKeyGroup = in.readInt();
                        final long timestamp = in.readLong();
                        final Object timerKey = StateSerializers.any().read(in, null);
                        visitor.timer(tag == SnapshotFormat.EVENT_TIMER ? TimeDomain.EVENT_TIME : TimeDomain.PROCESSING_TIME,
                                timerKeyGroup, timestamp, timerKey, StateSerializers.any().read(in, null));
                        break;
                    case SnapshotFormat.POSITION:
                        visitor.position(StateSerializers.any().read(in, null));
                        break;
                    case SnapshotFormat.BROADCAST_STATE:
                        final String broadcastStateName = in.readString(null);
                        final Object broadcastKey = StateSerializers.any().read(in, null);
                        visitor.broadcastStateEntry(broadcastStateName, broadcastKey, StateSerializers.any().read(in, null));
                        break;
                    default:
                        throw damaged(file, "unknown entry tag " + tag + " after " + entries + " entries");
                }
                entries++;
            }
        } catch (UnsupportedStateTypeException unknown) {
            throw new CheckpointException("checkpoint file " + file + " holds a value that cannot be read here: " + unknown.getMessage()
                    + (unknownTypes.isEmpty() ? "" : " (classes of its type table not on the class path: " + unknownTypes.values() + ")"),
                    unknown);
        }
    }

    private static CheckpointException damaged(final Path file, final String why) {
        return new CheckpointException("checkpoint file " + file + " is damaged: " + why);
    }
}
