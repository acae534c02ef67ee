package dev.weir.flink.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link CaptureSplit} for Flink's checkpoints: the events emitted (8 bytes). Stateless, thread-safe. */
final class CaptureSplitSerializer implements SimpleVersionedSerializer<CaptureSplit> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(final CaptureSplit split) {
        return ByteBuffer.allocate(Long.BYTES).putLong(split.emitted()).array();
    }

    @Override
    public CaptureSplit deserialize(final int version, final byte[] bytes) throws IOException {
        if (version != VERSION || bytes.length != Long.BYTES) {
            throw new IOException("capture split version " + version + " of " + bytes.length + " bytes is not version " + VERSION + " of "
                    + Long.BYTES);
        }
        return new CaptureSplit(ByteBuffer.wrap(bytes).getLong());
    }
}
