package dev.weir.checkpoint;

import dev.weir.state.KeyGroups;
import dev.weir.state.StateOutput;
import dev.weir.state.StateSerializers;
import dev.weir.timer.TimeDomain;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Writes one snapshot file ({@link SnapshotFormat}): an operator instance's keyed state,
 * timers and broadcast state, or a source instance's read positions. Entries are buffered and written through a
 * {@link FileChannel} in chunks; {@link #finish()} appends the type table and the footer and
 * forces the file to disk. Once per checkpoint, on the snapshotting task's thread; not
 * thread-safe.
 */
public final class SnapshotFileWriter implements AutoCloseable {
    private static final int FLUSH_BYTES = 64 * 1024;

    private final Path file;
    private final FileChannel channel;
    private final int maxParallelism;
    private final StateOutput out = new StateOutput(FLUSH_BYTES + 1024);
    private final CRC32C crc = new CRC32C();
    private long written;
    private long entries;
    private int footerChecksum;
    private boolean finished;

    private SnapshotFileWriter(final Path file, final byte kind, final long checkpointId, final int maxParallelism) throws IOException {
        this.file = file;
        this.maxParallelism = maxParallelism;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        out.writeInt(SnapshotFormat.MAGIC);
        out.writeInt(SnapshotFormat.VERSION);
        out.writeByte(kind);
        out.writeLong(checkpointId);
        out.writeInt(maxParallelism);
    }

    /**
     * @param file the file to create (replaced if it exists)
     * @param checkpointId the checkpoint
     * @param maxParallelism the number of key groups, for the key groups of timers
     * @return a writer of keyed state and timers
     * @throws IOException if the file cannot be created
     */
    public static SnapshotFileWriter forState(final Path file, final long checkpointId, final int maxParallelism) throws IOException {
        return new SnapshotFileWriter(file, SnapshotFormat.KIND_STATE, checkpointId, maxParallelism);
    }

    /**
     * @param file the file to create (replaced if it exists)
     * @param checkpointId the checkpoint
     * @return a writer of source positions
     * @throws IOException if the file cannot be created
     */
    public static SnapshotFileWriter forPositions(final Path file, final long checkpointId) throws IOException {
        return new SnapshotFileWriter(file, SnapshotFormat.KIND_POSITIONS, checkpointId, 1);
    }

    /**
     * @param stateName the state
     * @param keyGroup the key's key group
     * @param key the key
     * @param namespace the namespace
     * @param value the value
     * @throws IOException if writing fails
     */
    public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value)
            throws IOException {
        out.writeByte(SnapshotFormat.STATE);
        out.writeString(stateName);
        out.writeInt(keyGroup);
        StateSerializers.any().write(key, out);
        StateSerializers.any().write(namespace, out);
        StateSerializers.any().write(value, out);
        entryWritten();
    }

    /**
     * @param domain event or processing time
     * @param timestamp when it fires
     * @param key its key (its key group is computed)
     * @param namespace its namespace
     * @throws IOException if writing fails
     */
    public void timer(final TimeDomain domain, final long timestamp, final Object key, final Object namespace) throws IOException {
        out.writeByte(domain == TimeDomain.EVENT_TIME ? SnapshotFormat.EVENT_TIMER : SnapshotFormat.PROCESSING_TIMER);
        out.writeInt(KeyGroups.keyGroupOf(key, maxParallelism));
        out.writeLong(timestamp);
        StateSerializers.any().write(key, out);
        StateSerializers.any().write(namespace, out);
        entryWritten();
    }

    /**
     * An entry of a named broadcast state: operator state that every instance holds the whole of,
     * so one instance writes it for all.
     *
     * @param stateName the broadcast state
     * @param key the entry's key
     * @param value its value
     * @throws IOException if writing fails
     */
    public void broadcastStateEntry(final String stateName, final Object key, final Object value) throws IOException {
        out.writeByte(SnapshotFormat.BROADCAST_STATE);
        out.writeString(stateName);
        StateSerializers.any().write(key, out);
        StateSerializers.any().write(value, out);
        entryWritten();
    }

    /**
     * @param position a source reader's position, of a type {@link StateSerializers#any()} writes
     * @throws IOException if writing fails
     */
    public void position(final Object position) throws IOException {
        out.writeByte(SnapshotFormat.POSITION);
        StateSerializers.any().write(position, out);
        entryWritten();
    }

    private void entryWritten() throws IOException {
        entries++;
        if (out.length() >= FLUSH_BYTES) {
            flush();
        }
    }

    private void flush() throws IOException {
        final byte[] bytes = out.buffer().byteArray();
        final int length = out.length();
        crc.update(bytes, 0, length);
        final ByteBuffer chunk = ByteBuffer.wrap(bytes, 0, length);
        while (chunk.hasRemaining()) {
            channel.write(chunk);
        }
        written += length;
        out.clear();
    }

    /**
     * Ends the entries, writes the type table and the footer, forces the file to disk and closes it.
     *
     * @return the file's length in bytes
     * @throws IOException if writing fails
     */
    public long finish() throws IOException {
        out.writeByte(SnapshotFormat.END);
        final long typeTableOffset = written + out.length();
        final Map<Integer, String> types = StateSerializers.knownTypes();
        out.writeInt(types.size());
        for (final Map.Entry<Integer, String> type : types.entrySet()) {
            out.writeInt(type.getKey());
            out.writeString(type.getValue());
        }
        out.writeLong(typeTableOffset);
        out.writeLong(entries);
        flush();
        footerChecksum = (int) crc.getValue();
        out.writeInt(footerChecksum);
        out.writeInt(SnapshotFormat.END_MAGIC);
        flush();
        channel.force(true);
        finished = true;
        channel.close();
        return written;
    }

    /**
     * @return the checksum the footer records: the CRC-32C of every byte before the footer's
     *     last {@value CheckpointFile#FOOTER_BYTES} (the checksum itself and the end magic, whose
     *     CRC would be the same constant for every file); valid after {@link #finish()}
     */
    public int checksum() {
        return footerChecksum;
    }

    /** @return the file written */
    public Path file() {
        return file;
    }

    /** Closes the file; a file not {@link #finish() finished} is incomplete and unreadable. Idempotent. */
    @Override
    public void close() throws IOException {
        if (!finished) {
            channel.close();
        }
    }
}
