package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * Every benchmark JMH would run (the list its annotation processor wrote into the jar) runs once here
 * with every value of every parameter: set-up, one call of the benchmark method, tear-down. A benchmark
 * that no longer compiles against the engine, throws, or is missing from JMH's list fails the build,
 * without a JMH run. What each benchmark computes is checked exactly in its own test.
 */
class EveryBenchmarkRunsTest {
    private static final String BLACKHOLE_CHALLENGE =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    @Test
    void jmhListsEveryBenchmarkOfTheModule() throws Exception {
        final Set<String> listed = new TreeSet<>();
        for (final BenchmarkListEntry entry : benchmarkList()) {
            listed.add(entry.getUsername().replace("dev.weir.jmh.", ""));
        }
        assertEquals(new TreeSet<>(List.of(
                "ChannelHop.publishThenPoll",
                "StateAccess.aggregateAdd", "StateAccess.aggregateGet", "StateAccess.valueGet", "StateAccess.valueUpdate",
                "TimerRegistration.dedupLast", "TimerRegistration.dedupProbe", "TimerRegistration.registerAndFire",
                "ValveInput.idleChurn", "ValveInput.watermark",
                "WatermarkGeneration.onEvent", "WatermarkGeneration.onEventThenEmit",
                "SessionMerge.merge", "WindowAssignment.sliding", "WindowAssignment.tumbling",
                "WindowOperatorRecord.record")), listed);
    }

    @Test
    void everyBenchmarkRunsOnceWithEveryParameterValue() throws Exception {
        final Blackhole blackhole = new Blackhole(BLACKHOLE_CHALLENGE);
        int runs = 0;
        for (final BenchmarkListEntry entry : benchmarkList()) {
            final Class<?> type = Class.forName(entry.getUserClassQName());
            final Method benchmark = method(type, entry.getUsername().substring(entry.getUserClassQName().length() + 1));
            for (final List<String> values : parameterValues(parameters(type))) {
                final Object state = type.getConstructor().newInstance();
                final List<Field> fields = parameters(type);
                for (int p = 0; p < fields.size(); p++) {
                    setParameter(state, fields.get(p), values.get(p));
                }
                invokeAll(state, Setup.class);
                try {
                    final Object result = benchmark.getParameterCount() == 0
                            ? benchmark.invoke(state)
                            : benchmark.invoke(state, blackhole);
                    if (benchmark.getReturnType() != void.class) {
                        assertNotNull(result, entry.getUsername() + " " + values);
                    }
                } finally {
                    invokeAll(state, TearDown.class);
                }
                runs++;
            }
        }
        // 16 methods; StateAccess 4 x 3 backends, ValveInput 2 x 3, TimerRegistration 3 x 2, WindowAssignment 2,
        // SessionMerge 1 x 2, WatermarkGeneration 2, ChannelHop 1 x 3, WindowOperatorRecord 1 x 2
        assertEquals(12 + 6 + 6 + 2 + 2 + 2 + 3 + 2, runs);
    }

    private static List<BenchmarkListEntry> benchmarkList() throws Exception {
        try (InputStream list = EveryBenchmarkRunsTest.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            assertNotNull(list, "JMH's annotation processor wrote no " + BenchmarkList.BENCHMARK_LIST);
            return BenchmarkList.readBenchmarkList(list);
        }
    }

    private static Method method(final Class<?> type, final String name) {
        for (final Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.isAnnotationPresent(Benchmark.class)) {
                return method;
            }
        }
        throw new AssertionError("no @Benchmark method " + name + " in " + type.getName());
    }

    private static List<Field> parameters(final Class<?> type) {
        final List<Field> fields = new ArrayList<>();
        for (final Field field : type.getFields()) {
            if (field.isAnnotationPresent(Param.class)) {
                fields.add(field);
            }
        }
        fields.sort((a, b) -> a.getName().compareTo(b.getName()));
        return fields;
    }

    /** Every combination of the parameters' declared values, in field order. */
    private static List<List<String>> parameterValues(final List<Field> fields) {
        List<List<String>> combinations = List.of(List.of());
        for (final Field field : fields) {
            final List<List<String>> longer = new ArrayList<>();
            for (final List<String> combination : combinations) {
                for (final String value : field.getAnnotation(Param.class).value()) {
                    final List<String> next = new ArrayList<>(combination);
                    next.add(value);
                    longer.add(next);
                }
            }
            combinations = longer;
        }
        return combinations;
    }

    private static void setParameter(final Object state, final Field field, final String value) throws Exception {
        if (field.getType() == int.class) {
            field.setInt(state, Integer.parseInt(value));
        } else if (field.getType() == String.class) {
            field.set(state, value);
        } else {
            throw new AssertionError("parameter type " + field.getType() + " of " + field + " is not handled here");
        }
    }

    private static void invokeAll(final Object state, final Class<? extends java.lang.annotation.Annotation> annotation)
            throws Exception {
        for (final Method method : state.getClass().getMethods()) {
            if (method.isAnnotationPresent(annotation)) {
                method.invoke(state);
            }
        }
    }
}
