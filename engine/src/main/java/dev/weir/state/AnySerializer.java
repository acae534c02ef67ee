package dev.weir.state;

/** Writes a value's type id, then the value with its type's serializer; id 0 is null. */
final class AnySerializer implements StateSerializer<Object> {
    @Override
    public void write(final Object value, final StateOutput out) {
        if (value == null) {
            out.writeInt(0);
            return;
        }
        final StateType type = StateSerializers.typeOf(value.getClass());
        out.writeInt(type.id());
        type.serializer().write(value, out);
    }

    @Override
    public Object read(final StateInput in, final Object reuse) {
        final int id = in.readInt();
        if (id == 0) {
            return null;
        }
        final StateType type = StateSerializers.typeById(id);
        return type.serializer().read(in, reuse != null && reuse.getClass() == type.type() ? reuse : null);
    }
}
