package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The library modules an application depends on bind no SLF4J implementation outside their
 * tests, so the application's own binding gets no "multiple bindings" warning; the README's
 * {@code slf4j-nop} for an application without a binding has the version Weir builds with.
 */
class LibraryLoggingBindingTest {
    private static final List<String> LIBRARIES = List.of("engine", "offheap-state", "pipelines", "jobs");

    @Test
    void libraryModulesBindSlf4jOnlyInTheirTests() throws Exception {
        final List<String> bindings = new ArrayList<>();
        int slf4jDependencies = 0;
        for (final String module : LIBRARIES) {
            for (final Element dependency : dependencies(LauncherFlags.repoRoot().resolve(module).resolve("pom.xml"))) {
                if (!"org.slf4j".equals(text(dependency, "groupId"))) {
                    continue;
                }
                slf4jDependencies++;
                final String artifact = text(dependency, "artifactId");
                if (!"slf4j-api".equals(artifact) && !"test".equals(text(dependency, "scope"))) {
                    bindings.add(module + ": " + artifact + " in scope " + text(dependency, "scope"));
                }
            }
        }
        assertEquals(List.of(), bindings);
        assertEquals(LIBRARIES.size(), slf4jDependencies, "each library module binds slf4j-nop for its tests");
    }

    @Test
    void readmeNamesTheSlf4jVersionOfTheBuild() throws Exception {
        final Path root = LauncherFlags.repoRoot();
        final Element properties = (Element) DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(root.resolve("pom.xml").toFile()).getDocumentElement().getElementsByTagName("properties").item(0);
        final String version = text(properties, "slf4j.version");
        assertEquals("1.7.36", version);
        assertTrue(Files.readString(root.resolve("README.md")).contains("<artifactId>slf4j-nop</artifactId>\n  <version>"
                + version + "</version>"), "README's slf4j-nop dependency has version " + version);
    }

    private static List<Element> dependencies(final Path pom) throws Exception {
        final NodeList nodes = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile())
                .getDocumentElement().getElementsByTagName("dependency");
        final List<Element> dependencies = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            dependencies.add((Element) nodes.item(i));
        }
        return dependencies;
    }

    private static String text(final Element parent, final String tag) {
        final NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }
}
