package dev.weir.state;

import java.lang.reflect.Array;

/** Arrays of references, each element written with {@link StateSerializers#any()}. */
final class ReferenceArraySerializer implements StateSerializer<Object> {
    private final Class<?> componentType;

    ReferenceArraySerializer(final Class<?> componentType) {
        this.componentType = componentType;
    }

    @Override
    public void write(final Object value, final StateOutput out) {
        final Object[] array = (Object[]) value;
        out.writeInt(array.length);
        for (final Object element : array) {
            StateSerializers.any().write(element, out);
        }
    }

    @Override
    public Object read(final StateInput in, final Object reuse) {
        final int length = in.readInt();
        final Object[] array = reuse != null && ((Object[]) reuse).length == length
                ? (Object[]) reuse : (Object[]) Array.newInstance(componentType, length);
        for (int i = 0; i < length; i++) {
            array[i] = StateSerializers.any().read(in, array[i]);
        }
        return array;
    }
}
