import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Build step of tools (run by Maven in verify, see the module's pom.xml): checks that the shaded
 * {@code weir.jar} registers every {@link java.util.ServiceLoader} provider that the jars and class
 * directories shaded into it register. Without a merge of {@code META-INF/services} files the shade
 * keeps one file per service and drops the providers of the others, silently; this check makes that
 * a failed build, naming the service file, the provider and where it came from.
 *
 * <p>Usage: {@code java ShadedServicesCheck.java SHADED_JAR CLASSPATH}, where CLASSPATH is what was
 * shaded: the module's classes and its run-time dependencies.
 */
public final class ShadedServicesCheck {
    private static final String SERVICES = "META-INF/services/";

    private ShadedServicesCheck() {
    }

    /**
     * @param args the shaded jar, then the class path that went into it
     * @throws IOException if a jar or directory cannot be read
     */
    public static void main(final String[] args) throws IOException {
        final Path shaded = Path.of(args[0]);
        final Map<String, Set<String>> kept = jarServices(shaded);
        final List<String> dropped = new ArrayList<>();
        int providers = 0;
        for (final String entry : args[1].split(java.io.File.pathSeparator)) {
            final Path source = Path.of(entry);
            final Map<String, Set<String>> registered = Files.isDirectory(source) ? directoryServices(source)
                    : Files.isRegularFile(source) ? jarServices(source) : Map.of();
            for (final Map.Entry<String, Set<String>> service : registered.entrySet()) {
                for (final String provider : service.getValue()) {
                    providers++;
                    if (!kept.getOrDefault(service.getKey(), Set.of()).contains(provider)) {
                        dropped.add(shaded.getFileName() + ": " + SERVICES + service.getKey() + " lacks provider " + provider
                                + ", registered by " + source.getFileName());
                    }
                }
            }
        }
        if (!dropped.isEmpty()) {
            dropped.forEach(System.err::println);
            System.err.println(shaded.getFileName() + " drops " + dropped.size() + " ServiceLoader provider(s): merge the "
                    + "META-INF/services files (maven-shade-plugin's ServicesResourceTransformer, tools/pom.xml)");
            System.exit(1);
        }
        System.out.println(shaded.getFileName() + ": all " + providers + " ServiceLoader providers of the shaded jars and classes are registered");
    }

    private static Map<String, Set<String>> jarServices(final Path jar) throws IOException {
        final Map<String, Set<String>> services = new TreeMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            final Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                final JarEntry entry = entries.nextElement();
                final String name = entry.getName();
                if (!entry.isDirectory() && name.startsWith(SERVICES) && name.length() > SERVICES.length()
                        && name.indexOf('/', SERVICES.length()) < 0) {
                    try (InputStream in = file.getInputStream(entry)) {
                        services.put(name.substring(SERVICES.length()), providers(in));
                    }
                }
            }
        }
        return services;
    }

    private static Map<String, Set<String>> directoryServices(final Path classes) throws IOException {
        final Map<String, Set<String>> services = new TreeMap<>();
        final Path directory = classes.resolve(SERVICES);
        if (!Files.isDirectory(directory)) {
            return services;
        }
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(Files::isRegularFile).forEach(file -> {
                try (InputStream in = Files.newInputStream(file)) {
                    services.put(file.getFileName().toString(), providers(in));
                } catch (final IOException unreadable) {
                    throw new UncheckedIOException(file.toString(), unreadable);
                }
            });
        }
        return services;
    }

    /** The provider class names of one services file: one a line, without comments and blank lines. */
    private static Set<String> providers(final InputStream in) throws IOException {
        final Set<String> providers = new LinkedHashSet<>();
        final BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            final int comment = line.indexOf('#');
            final String provider = (comment < 0 ? line : line.substring(0, comment)).trim();
            if (!provider.isEmpty()) {
                providers.add(provider);
            }
        }
        return providers;
    }
}
