package dev.weir.pipelines.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the {@link CaptureProtocol}s on the class path with {@link ServiceLoader}, in their
 * {@link CaptureProtocol#order()} (then by name). Thread-safe; each lookup makes new instances.
 */
public final class CaptureProtocols {
    private CaptureProtocols() {
    }

    /** @return a new instance of every protocol found, in order */
    public static List<CaptureProtocol<?>> all() {
        final List<CaptureProtocol<?>> protocols = new ArrayList<>();
        for (final CaptureProtocol<?> protocol : ServiceLoader.load(CaptureProtocol.class, ServiceClassLoader.of(CaptureProtocol.class))) {
            protocols.add(protocol);
        }
        protocols.sort(Comparator.<CaptureProtocol<?>>comparingInt(CaptureProtocol::order).thenComparing(CaptureProtocol::name));
        return protocols;
    }

    /**
     * @param name a protocol's name, e.g. {@code itch}
     * @return a new instance of it
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static CaptureProtocol<?> named(final String name) {
        final List<String> names = new ArrayList<>();
        for (final CaptureProtocol<?> protocol : all()) {
            if (protocol.name().equals(name)) {
                return protocol;
            }
            names.add(protocol.name());
        }
        throw new IllegalArgumentException("unknown decoder '" + name + "' (" + String.join(", ", names) + ")");
    }

    /**
     * @param conjunction the word before the last name, e.g. {@code or}
     * @return the names in order as a person lists them, e.g. {@code itch or statsd}
     */
    public static String names(final String conjunction) {
        final List<String> names = new ArrayList<>();
        for (final CaptureProtocol<?> protocol : all()) {
            names.add(protocol.name());
        }
        if (names.size() < 2) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + conjunction + " " + names.get(names.size() - 1);
    }
}
