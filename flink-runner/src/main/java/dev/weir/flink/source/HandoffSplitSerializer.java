package dev.weir.flink.source;

import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes the {@link HandoffSplit} for Flink's checkpoints: no bytes, as it has no position. Stateless, thread-safe. */
final class HandoffSplitSerializer implements SimpleVersionedSerializer<HandoffSplit> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(final HandoffSplit split) {
        return new byte[0];
    }

    @Override
    public HandoffSplit deserialize(final int version, final byte[] bytes) throws IOException {
        if (version != VERSION || bytes.length != 0) {
            throw new IOException("a handoff split is version " + VERSION + " with no bytes, not version " + version + " with " + bytes.length);
        }
        return HandoffSplit.ONLY;
    }
}
