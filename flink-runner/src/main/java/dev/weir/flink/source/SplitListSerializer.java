package dev.weir.flink.source;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Writes an enumerator's unassigned splits for Flink's checkpoints: their count, then each
 * split's length and bytes as its own serializer writes them (at its version). Stateless,
 * thread-safe.
 *
 * @param <S> the split type
 */
final class SplitListSerializer<S> implements SimpleVersionedSerializer<List<S>> {
    private final SimpleVersionedSerializer<S> splits;

    /** @param splits the serializer of one split */
    SplitListSerializer(final SimpleVersionedSerializer<S> splits) {
        this.splits = splits;
    }

    @Override
    public int getVersion() {
        return splits.getVersion();
    }

    @Override
    public byte[] serialize(final List<S> list) throws IOException {
        final DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeInt(list.size());
        for (final S split : list) {
            final byte[] bytes = splits.serialize(split);
            out.writeInt(bytes.length);
            out.write(bytes);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public List<S> deserialize(final int version, final byte[] bytes) throws IOException {
        final DataInputDeserializer in = new DataInputDeserializer(bytes);
        final int size = in.readInt();
        final List<S> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            final byte[] split = new byte[in.readInt()];
            in.readFully(split);
            list.add(splits.deserialize(version, split));
        }
        return list;
    }
}
