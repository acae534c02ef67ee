package dev.weir.flink.state;

import dev.weir.state.BroadcastState;
import dev.weir.state.MapStateDescriptor;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Weir's {@link BroadcastState} of one descriptor over Flink's broadcast state of the same name
 * ({@link #over}): reads and writes go to Flink's; a write through the read-only side (Flink's
 * {@code ReadOnlyBroadcastState}) throws, as on Weir. Keys and values travel as Flink generic
 * types (Kryo). One per descriptor of a function, so that the states of two descriptors held in one
 * call stay apart; reused for every call; not thread-safe.
 */
public final class FlinkBroadcastState implements BroadcastState<Object, Object> {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final org.apache.flink.api.common.state.MapStateDescriptor<Object, Object> descriptor;
    private ReadOnlyBroadcastState<Object, Object> flink;

    /** @param descriptor the Weir descriptor this state is of */
    public FlinkBroadcastState(final MapStateDescriptor<?, ?> descriptor) {
        this.descriptor = flinkDescriptorOf(descriptor);
    }

    /** @return Flink's descriptor of this state ({@link #flinkDescriptorOf}), made once */
    public org.apache.flink.api.common.state.MapStateDescriptor<Object, Object> descriptor() {
        return descriptor;
    }

    /**
     * @param descriptor a Weir broadcast state descriptor
     * @return Flink's descriptor of the same name, keys and values as generic types
     */
    public static org.apache.flink.api.common.state.MapStateDescriptor<Object, Object> flinkDescriptorOf(final MapStateDescriptor<?, ?> descriptor) {
        return new org.apache.flink.api.common.state.MapStateDescriptor<>(descriptor.name(), ANY, ANY);
    }

    /**
     * @param state Flink's state of the current call
     * @return this state, over it
     */
    public FlinkBroadcastState over(final ReadOnlyBroadcastState<Object, Object> state) {
        this.flink = state;
        return this;
    }

    private org.apache.flink.api.common.state.BroadcastState<Object, Object> writable() {
        if (!(flink instanceof org.apache.flink.api.common.state.BroadcastState)) {
            throw new UnsupportedOperationException("the broadcast state is read-only on the non-broadcast side");
        }
        return (org.apache.flink.api.common.state.BroadcastState<Object, Object>) flink;
    }

    @Override
    public Object get(final Object key) {
        try {
            return flink.get(key);
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public boolean contains(final Object key) {
        try {
            return flink.contains(key);
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public Iterable<Map.Entry<Object, Object>> immutableEntries() {
        try {
            return flink.immutableEntries();
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public int size() {
        int size = 0;
        for (final Map.Entry<Object, Object> ignored : immutableEntries()) {
            size++;
        }
        return size;
    }

    @Override
    public void put(final Object key, final Object value) {
        try {
            writable().put(key, value);
        } catch (final RuntimeException failed) {
            throw failed;
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public void putAll(final Map<Object, Object> map) {
        try {
            writable().putAll(new HashMap<>(map));
        } catch (final RuntimeException failed) {
            throw failed;
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public void remove(final Object key) {
        try {
            writable().remove(key);
        } catch (final RuntimeException failed) {
            throw failed;
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public Iterator<Map.Entry<Object, Object>> iterator() {
        try {
            return writable().iterator();
        } catch (final RuntimeException failed) {
            throw failed;
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public Iterable<Map.Entry<Object, Object>> entries() {
        try {
            return writable().entries();
        } catch (final RuntimeException failed) {
            throw failed;
        } catch (final Exception failed) {
            throw new IllegalStateException("Flink's broadcast state failed", failed);
        }
    }

    @Override
    public void clear() {
        writable().clear();
    }
}
