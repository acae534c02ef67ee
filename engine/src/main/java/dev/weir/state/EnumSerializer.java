package dev.weir.state;

/** Enum constants, by ordinal. */
final class EnumSerializer implements StateSerializer<Object> {
    private final Object[] constants;

    EnumSerializer(final Class<?> enumType) {
        this.constants = enumType.getEnumConstants();
    }

    @Override
    public void write(final Object value, final StateOutput out) {
        out.writeInt(((Enum<?>) value).ordinal());
    }

    @Override
    public Object read(final StateInput in, final Object reuse) {
        return constants[in.readInt()];
    }
}
