package dev.weir.flink.scenario;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Writes scenario splits for Flink's checkpoints: a split is its position (4 bytes), a list of
 * pending splits its size and then each position. Stateless, thread-safe.
 */
final class ScenarioSplitSerializer {
    private static final int VERSION = 1;

    private ScenarioSplitSerializer() {
    }

    /** @return the serializer of one split */
    static SimpleVersionedSerializer<ScenarioSplit> split() {
        return new SimpleVersionedSerializer<>() {
            @Override
            public int getVersion() {
                return VERSION;
            }

            @Override
            public byte[] serialize(final ScenarioSplit split) {
                return ByteBuffer.allocate(Integer.BYTES).putInt(split.position()).array();
            }

            @Override
            public ScenarioSplit deserialize(final int version, final byte[] bytes) throws IOException {
                checkVersion(version);
                return new ScenarioSplit(ByteBuffer.wrap(bytes).getInt());
            }
        };
    }

    /** @return the serializer of the enumerator's state: the splits not yet assigned */
    static SimpleVersionedSerializer<List<ScenarioSplit>> pending() {
        return new SimpleVersionedSerializer<>() {
            @Override
            public int getVersion() {
                return VERSION;
            }

            @Override
            public byte[] serialize(final List<ScenarioSplit> splits) {
                final ByteBuffer buffer = ByteBuffer.allocate(Integer.BYTES * (1 + splits.size())).putInt(splits.size());
                for (final ScenarioSplit split : splits) {
                    buffer.putInt(split.position());
                }
                return buffer.array();
            }

            @Override
            public List<ScenarioSplit> deserialize(final int version, final byte[] bytes) throws IOException {
                checkVersion(version);
                final ByteBuffer buffer = ByteBuffer.wrap(bytes);
                final int size = buffer.getInt();
                final List<ScenarioSplit> splits = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    splits.add(new ScenarioSplit(buffer.getInt()));
                }
                return splits;
            }
        };
    }

    private static void checkVersion(final int version) throws IOException {
        if (version != VERSION) {
            throw new IOException("scenario split version " + version + " is not " + VERSION);
        }
    }
}
