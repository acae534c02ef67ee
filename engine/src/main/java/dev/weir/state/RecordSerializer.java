package dev.weir.state;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;

/** Records, component by component; reading calls the canonical constructor. */
final class RecordSerializer implements StateSerializer<Object> {
    private final Class<?> type;
    private final Method[] accessors;
    private final Constructor<?> constructor;

    RecordSerializer(final Class<?> type) {
        this.type = type;
        final RecordComponent[] components = type.getRecordComponents();
        this.accessors = new Method[components.length];
        final Class<?>[] parameterTypes = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            accessors[i] = components[i].getAccessor();
            accessors[i].setAccessible(true);
            parameterTypes[i] = components[i].getType();
        }
        try {
            this.constructor = type.getDeclaredConstructor(parameterTypes);
            constructor.setAccessible(true);
        } catch (final NoSuchMethodException | RuntimeException e) {
            throw StateType.unsupported(type, "its canonical constructor is not accessible (" + e + ")");
        }
    }

    @Override
    public void write(final Object value, final StateOutput out) {
        for (final Method accessor : accessors) {
            try {
                StateSerializers.any().write(accessor.invoke(value), out);
            } catch (final IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read a component of " + type.getName(), e);
            }
        }
    }

    @Override
    public Object read(final StateInput in, final Object reuse) {
        final Object[] arguments = new Object[accessors.length];
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = StateSerializers.any().read(in, null);
        }
        try {
            return constructor.newInstance(arguments);
        } catch (final InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot rebuild a " + type.getName() + " from state", e);
        }
    }
}
