package dev.weir.flink.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Writes a {@link GeneratorSplit} for Flink's checkpoints: index and shares (4 bytes each), next
 * sequence number (8 bytes). Stateless, thread-safe.
 */
final class GeneratorSplitSerializer implements SimpleVersionedSerializer<GeneratorSplit> {
    private static final int VERSION = 1;
    private static final int BYTES = 2 * Integer.BYTES + Long.BYTES;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(final GeneratorSplit split) {
        return ByteBuffer.allocate(BYTES).putInt(split.index()).putInt(split.shares()).putLong(split.next()).array();
    }

    @Override
    public GeneratorSplit deserialize(final int version, final byte[] bytes) throws IOException {
        if (version != VERSION) {
            throw new IOException("generator split version " + version + " is not " + VERSION);
        }
        if (bytes.length != BYTES) {
            throw new IOException("a generator split has " + BYTES + " bytes, not " + bytes.length);
        }
        final ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return new GeneratorSplit(buffer.getInt(), buffer.getInt(), buffer.getLong());
    }
}
