package dev.weir.flink.source;

import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Writes a {@link FileSplit} for Flink's checkpoints: file index, file name (modified UTF-8),
 * byte offset, lines read. Stateless, thread-safe.
 */
final class FileSplitSerializer implements SimpleVersionedSerializer<FileSplit> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(final FileSplit split) throws IOException {
        final DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeInt(split.index());
        out.writeUTF(split.file());
        out.writeLong(split.byteOffset());
        out.writeLong(split.linesRead());
        return out.getCopyOfBuffer();
    }

    @Override
    public FileSplit deserialize(final int version, final byte[] bytes) throws IOException {
        if (version != VERSION) {
            throw new IOException("file split version " + version + " is not " + VERSION);
        }
        final DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new FileSplit(in.readInt(), in.readUTF(), in.readLong(), in.readLong());
    }
}
