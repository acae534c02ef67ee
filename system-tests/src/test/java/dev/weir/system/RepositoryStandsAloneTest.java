package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository explains itself: no file points a reader at material outside it, every
 * relative link of README.md and docs/ reaches an existing file and heading, and every
 * citation of a doc section ({@code docs/semantics.md §N}, {@code docs/X.md, "Section"}) names
 * a section that exists. A failure lists every offender as {@code FILE:LINE: what is wrong}.
 * The checks run on the repository (its root in the system property {@code weir.repo.root})
 * and, to show that each can fail, on small repositories made in a temporary directory.
 */
class RepositoryStandsAloneTest {
    private static final String REPO_ROOT_PROPERTY = "weir.repo.root";
    /** This file holds broken citations and links as test fixtures, so it is the one file not checked. */
    private static final Path SELF = Path.of("system-tests/src/test/java/dev/weir/system/RepositoryStandsAloneTest.java");
    // the team's reference material outside the repository, spelled in pieces so this file does not name it
    private static final String SHARED = ".." + "/shared";
    private static final String SEMANTICS = "SEMANTICS" + ".md";
    private static final String STYLE = "STYLE" + ".md";
    private static final String ARCHITECTURE = "ARCHITECTURE" + ".md";
    private static final String SCENARIO_FORMAT = "scenario-format" + ".md";
    private static final String JVM_FLAGS = "chronicle-jvm-flags" + ".txt";
    private static final String CANON = "scenario-canon" + ".py";
    private static final List<String> FOREIGN = List.of(SHARED, SEMANTICS, STYLE, ARCHITECTURE, SCENARIO_FORMAT, JVM_FLAGS, CANON);

    private static RepositoryReferences repository() {
        final String root = System.getProperty(REPO_ROOT_PROPERTY);
        assertTrue(root != null && Files.isDirectory(Path.of(root)), () -> "system property " + REPO_ROOT_PROPERTY + " must name the repository's root, got " + root);
        return new RepositoryReferences(Path.of(root), Set.of(SELF));
    }

    private static void assertNone(final String what, final List<String> offenders) {
        assertTrue(offenders.isEmpty(), () -> offenders.size() + " " + what + ":\n" + String.join("\n", offenders));
    }

    @Test
    void noFileMentionsMaterialOutsideTheRepository() {
        assertNone("mentions of material outside the repository", repository().foreignNames(FOREIGN));
    }

    @Test
    void everyRelativeMarkdownLinkReachesAFileAndHeading() {
        assertNone("broken links", repository().brokenLinks());
    }

    @Test
    void everyCitedDocSectionExists() {
        assertNone("citations that do not resolve", repository().brokenCitations());
    }

    @Test
    void anchorsFollowGitHubsRule() {
        assertEquals("4-windows--devweirwindow", RepositoryReferences.anchor("4. Windows — `dev.weir.window`"));
        assertEquals("state-access-jmh", RepositoryReferences.anchor("State access (JMH)"));
        assertEquals("the-latency-tail-p99-on-this-machine", RepositoryReferences.anchor("The latency tail: p99 on this machine"));
        assertEquals("weir-run-a-job-over-record-files-in-real-time", RepositoryReferences.anchor("`weir run`: a job over record files, in real time"));
        assertEquals("routed-keys-one-window-without-a-list-a-larger-ring-parallelism-2-meets-the-target",
                RepositoryReferences.anchor("Routed keys, one window without a list, a larger ring: parallelism 2 meets the target"));
        assertEquals("sources-collections-files", RepositoryReferences.anchor("Sources: [collections](x.md), files"));
        assertEquals("snake_case-and-ümlauts", RepositoryReferences.anchor("snake_case and Ümlauts!"));
    }

    @Test
    void foreignNamesAreFoundInEveryKindOfTextFile(@TempDir final Path root) throws IOException {
        write(root, "engine/src/main/java/A.java", "/** See " + SHARED + "/spec. */\nclass A {}\n");
        write(root, "docs/a.md", "# A\n\nAs " + SEMANTICS + " says.\n");
        write(root, "pom.xml", "<!-- " + STYLE + " -->\n");
        write(root, "run", "#!/bin/sh\n# flags from " + JVM_FLAGS + "\n");
        write(root, "x/job.yaml", "# see " + SCENARIO_FORMAT + "\n");
        write(root, "target/B.java", "// " + ARCHITECTURE + ", in build output: not checked\n");
        write(root, "clean.md", "# docs/architecture.md and semantics.md are ours\n");

        assertEquals(List.of("docs/a.md:3: mentions " + SEMANTICS, "engine/src/main/java/A.java:1: mentions " + SHARED,
                        "pom.xml:1: mentions " + STYLE, "run:2: mentions " + JVM_FLAGS, "x/job.yaml:1: mentions " + SCENARIO_FORMAT),
                new RepositoryReferences(root, Set.of()).foreignNames(FOREIGN));
    }

    @Test
    void brokenLinksAndAnchorsAreFound(@TempDir final Path root) throws IOException {
        write(root, "README.md", "# Top\n\n[ok](docs/a.md) [ok](docs/a.md#second-part) [web](https://example.com/x.md#y)\n"
                + "[missing](docs/none.md) [bad anchor](docs/a.md#third) [self](#top) [self bad](#bottom)\n"
                + "```\n[in code](docs/none.md)\n```\n`[span](docs/none.md)`\n");
        write(root, "docs/a.md", "# A\n\n## Second part\n\n```\n## Not a heading\n```\n\n[up](../README.md#top) [dir](../docs)"
                + " [code](a.md#not-a-heading) [again](a.md#a-1)\n\n## A\n");

        assertEquals(List.of(
                        "README.md:4: link to docs/none.md: docs/none.md does not exist",
                        "README.md:4: link to docs/a.md#third: docs/a.md has no heading with the anchor #third",
                        "README.md:4: link to #bottom: README.md has no heading with the anchor #bottom",
                        "docs/a.md:9: link to a.md#not-a-heading: docs/a.md has no heading with the anchor #not-a-heading"),
                new RepositoryReferences(root, Set.of()).brokenLinks());
    }

    @Test
    void brokenSectionCitationsAreFound(@TempDir final Path root) throws IOException {
        write(root, "docs/semantics.md", "# Semantics\n\n## 1. Generation\n\n## 2. Propagation — `valve`\n\n### 3. Not level two\n");
        write(root, "docs/runtime.md", "# Runtime\n\n## CPU pinning\n\n## The latency tail: p99\n\nAs semantics.md §2 says; semantics.md §7 does not.\n");
        write(root, "engine/A.java", "/**\n * docs/semantics.md §1 and §2, docs/semantics.md §1-3, docs/semantics.md §2, §9.\n"
                + " * docs/runtime.md, \"CPU pinning\"; docs/runtime.md, \"cpu\n * pinning\"; docs/runtime.md, \"The latency tail\".\n"
                + " * docs/runtime.md, \"Threads\"; docs/missing.md §1; docs/other.md.\n */\n");

        assertEquals(List.of(
                        "docs/runtime.md:7: semantics.md §7: docs/semantics.md has no heading '## 7.'",
                        "engine/A.java:2: docs/semantics.md §3: docs/semantics.md has no heading '## 3.'",
                        "engine/A.java:2: docs/semantics.md §9: docs/semantics.md has no heading '## 9.'",
                        "engine/A.java:5: docs/missing.md §1: docs/missing.md does not exist",
                        "engine/A.java:5: docs/runtime.md, \"Threads\": docs/runtime.md has no heading starting with it",
                        "engine/A.java:5: docs/missing.md does not exist",
                        "engine/A.java:5: docs/other.md does not exist"),
                new RepositoryReferences(root, Set.of()).brokenCitations());
    }

    private static void write(final Path root, final String file, final String text) throws IOException {
        final Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }
}
