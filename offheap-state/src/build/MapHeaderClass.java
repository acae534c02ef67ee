import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import net.openhft.chronicle.values.ValueModel;

/**
 * Build step of offheap-state (run by Maven in process-classes, see the module's pom.xml):
 * compiles the off-heap class of Chronicle Map's header, {@code VanillaGlobalMutableState$$Native},
 * into the module's classes. Chronicle Values looks for that class on the class path before it
 * generates and compiles it with javac, which it would otherwise do in every JVM when the first
 * map is created, at a cost of about two seconds (docs/state.md, "Start-up cost"). The source is
 * produced by Chronicle Values' own generator, so it matches the library version on the class path.
 *
 * <p>Usage: {@code java -cp CLASSPATH MapHeaderClass.java CLASSES_DIR SOURCES_DIR}
 */
public final class MapHeaderClass {
    private MapHeaderClass() {
    }

    public static void main(final String[] args) throws Exception {
        final Path classes = Path.of(args[0]);
        final Path sources = Path.of(args[1]);
        final Class<?> header = VanillaGlobalMutableState.class;
        final String simpleName = header.getSimpleName() + "$$Native";
        // the generator is package-private: Chronicle Values calls it only from its own runtime path
        final Method generate = Class.forName("net.openhft.chronicle.values.Generators")
                .getDeclaredMethod("generateNativeClass", ValueModel.class, String.class);
        generate.setAccessible(true);
        final String source = (String) generate.invoke(null, ValueModel.acquire(header), simpleName);
        final Path file = sources.resolve(header.getPackageName().replace('.', '/')).resolve(simpleName + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final int status = javac.run(null, null, null, List.of("-nowarn", "--release", "17", "-classpath",
                System.getProperty("java.class.path"), "-d", classes.toString(), file.toString()).toArray(new String[0]));
        if (status != 0) {
            throw new IllegalStateException("javac failed (" + status + ") on " + file);
        }
    }
}
