package dev.weir.perf.harness;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/** One line naming the JVM, its collectors and the CPUs a benchmark ran on. */
public final class JvmDescription {
    private JvmDescription() {
    }

    /** @return e.g. {@code OpenJDK 64-Bit Server VM 17.0.15+6 (Debian), GC [G1 Young, G1 Old], 2 CPUs, heap max 2048 MiB} */
    public static String describe() {
        final List<String> collectors = new ArrayList<>();
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            collectors.add(gc.getName());
        }
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                + " (" + System.getProperty("java.vm.vendor") + "), GC " + collectors
                + ", " + Runtime.getRuntime().availableProcessors() + " CPUs"
                + ", heap max " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB";
    }

    /** @return the options the JVM was started with (heap, GC, Weir's flags), space-separated */
    public static String flags() {
        return String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** @return collections and total collection time so far, e.g. {@code 3 GCs, 12 ms} */
    public static String gcSoFar() {
        long count = 0;
        long millis = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return count + " GCs, " + millis + " ms";
    }

    /** @return collections so far */
    public static long gcCount() {
        long count = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }
}
