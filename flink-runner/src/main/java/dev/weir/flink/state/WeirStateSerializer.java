package dev.weir.flink.state;

import dev.weir.state.StateInput;
import dev.weir.state.StateOutput;
import dev.weir.state.StateSerializer;
import dev.weir.state.StateSerializers;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Weir's own state format ({@link StateSerializers#any()}, with the serializers registered through
 * {@link StateSerializers#register}) as a Flink {@link TypeSerializer}, so that Flink's state
 * backends write Weir state values the way Weir writes them (docs/flink.md, "Keyed state on
 * Flink"). A value is written as its class's binary name ({@code ""} for null), the length of
 * Weir's bytes and the bytes; the name lets a JVM that never wrote the class read it, as Weir's
 * snapshots carry their type table. Not thread-safe: it reuses its buffers, so Flink gets a new
 * instance from {@link #duplicate()}.
 */
final class WeirStateSerializer extends TypeSerializer<Object> {
    private static final long serialVersionUID = 1L;
    private static final StateSerializer<Object> WEIR = StateSerializers.any();

    private transient StateOutput output;
    private transient StateInput input;
    private transient UnsafeBuffer bytes;
    /** Class names made known to {@link StateSerializers} by this instance, so each is loaded once. */
    private transient Set<String> learned;

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<Object> duplicate() {
        return new WeirStateSerializer();
    }

    @Override
    public Object createInstance() {
        return null;
    }

    /** Copies through Weir's bytes: state values need not be {@code Cloneable} nor immutable. */
    @Override
    public Object copy(final Object from) {
        if (from == null) {
            return null;
        }
        final StateOutput written = written(from);
        return WEIR.read(input().wrap(written.buffer(), 0, written.length()), null);
    }

    @Override
    public Object copy(final Object from, final Object reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(final Object value, final DataOutputView target) throws IOException {
        if (value == null) {
            target.writeUTF("");
            return;
        }
        final StateOutput written = written(value);
        target.writeUTF(value.getClass().getName());
        target.writeInt(written.length());
        final byte[] array = written.buffer().byteArray();
        target.write(array, 0, written.length());
    }

    @Override
    public Object deserialize(final DataInputView source) throws IOException {
        final String className = source.readUTF();
        if (className.isEmpty()) {
            return null;
        }
        learn(className);
        final int length = source.readInt();
        final byte[] array = new byte[length];
        source.readFully(array);
        if (bytes == null) {
            bytes = new UnsafeBuffer(array);
        } else {
            bytes.wrap(array);
        }
        return WEIR.read(input().wrap(bytes, 0, length), null);
    }

    @Override
    public Object deserialize(final Object reuse, final DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(final DataInputView source, final DataOutputView target) throws IOException {
        final String className = source.readUTF();
        target.writeUTF(className);
        if (!className.isEmpty()) {
            final int length = source.readInt();
            target.writeInt(length);
            // through an array: some of Flink's views do not grow for a view-to-view write
            final byte[] array = new byte[length];
            source.readFully(array);
            target.write(array);
        }
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof WeirStateSerializer;
    }

    @Override
    public int hashCode() {
        return WeirStateSerializer.class.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<Object> snapshotConfiguration() {
        return new WeirStateSerializerSnapshot();
    }

    private StateOutput written(final Object value) {
        if (output == null) {
            output = new StateOutput();
        }
        output.clear();
        WEIR.write(value, output);
        return output;
    }

    private StateInput input() {
        if (input == null) {
            input = new StateInput();
        }
        return input;
    }

    private void learn(final String className) {
        if (learned == null) {
            learned = new HashSet<>();
        }
        if (learned.add(className)) {
            StateSerializers.learn(className);
        }
    }
}
