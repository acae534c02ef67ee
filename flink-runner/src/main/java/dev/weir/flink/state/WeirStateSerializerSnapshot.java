package dev.weir.flink.state;

import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;

/**
 * What a Flink checkpoint records of a {@link WeirStateSerializer}: nothing but its class, as the
 * format carries each value's class itself. Flink restores it through the public no-argument
 * constructor.
 */
public final class WeirStateSerializerSnapshot extends SimpleTypeSerializerSnapshot<Object> {
    /** A snapshot that restores a new {@link WeirStateSerializer}. */
    public WeirStateSerializerSnapshot() {
        super(WeirStateSerializer::new);
    }
}
