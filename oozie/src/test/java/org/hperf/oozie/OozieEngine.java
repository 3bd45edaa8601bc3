package org.hperf.oozie;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.oozie.action.hadoop.LauncherAM;
import org.apache.oozie.local.LocalOozie;
import org.apache.oozie.servlet.AuthFilter;
import org.apache.oozie.servlet.HostnameFilter;
import org.apache.oozie.servlet.V1JobsServlet;
import org.apache.oozie.servlet.V2AdminServlet;
import org.apache.oozie.servlet.V2JobServlet;
import org.apache.oozie.servlet.VersionServlet;
import org.apache.oozie.test.EmbeddedServletContainer;
import org.apache.oozie.util.ClasspathUtils;
import org.hperf.testkit.EmbeddedYarn;

/**
 * Oozie 5.2.1's own engine (LocalOozie: the workflow and coordinator engines, an in-memory hsqldb
 * as its database, the callback servlet) with a YARN in this JVM, over an HDFS, set up the way an
 * Oozie server is deployed: its Hadoop configuration directory (hadoop-conf/) holds the cluster's
 * Hadoop settings only; hbase-site.xml is on the server's classpath, where hperf's HBase
 * credentials read it; the sharelib is on HDFS under /user/&lt;user&gt;/share/lib/lib_&lt;timestamp&gt;/.
 * Launchers run on YARN in their own JVMs with this JVM's classpath (Oozie's mini-cluster mode).
 */
final class OozieEngine implements AutoCloseable {
  static final String USER = System.getProperty("user.name");

  private final MiniDFSCluster dfs;
  private final EmbeddedYarn yarn;
  private final ClassLoader originalContextLoader;
  private final EmbeddedServletContainer rest;

  private OozieEngine(MiniDFSCluster dfs, EmbeddedYarn yarn, ClassLoader originalContextLoader,
      EmbeddedServletContainer rest) {
    this.dfs = dfs;
    this.yarn = yarn;
    this.originalContextLoader = originalContextLoader;
    this.rest = rest;
  }

  /**
   * Starts the HDFS everything lives on (HBase too, as on a cluster: HBase's bulk load expects its
   * staging directory on the default file system); Oozie's login user may act for other users.
   */
  static MiniDFSCluster startHdfs(File dir) throws Exception {
    FileUtil.fullyDelete(dir);
    Configuration conf = proxyUserAllowed(new Configuration());
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf, dir).numDataNodes(1).build();
    dfs.waitActive();
    return dfs;
  }

  /** Oozie's login user submits as a proxy for the workflow's user (the same user here): HDFS and YARN must allow it. */
  private static Configuration proxyUserAllowed(Configuration conf) throws IOException {
    String login = UserGroupInformation.getLoginUser().getShortUserName();
    conf.set("hadoop.proxyuser." + login + ".hosts", "*");
    conf.set("hadoop.proxyuser." + login + ".groups", "*");
    return conf;
  }

  /** Starts YARN and Oozie beside {@code dfs} and the HBase cluster {@code hbase} points at; files under {@code dir}. */
  static OozieEngine start(MiniDFSCluster dfs, Configuration hbase, File dir) throws Exception {
    FileUtil.fullyDelete(dir);
    Configuration base = proxyUserAllowed(new Configuration(hbase));
    base.set("fs.defaultFS", dfs.getURI().toString());
    // Every Oozie launcher is a YARN application master waiting for the job it submits, whose own
    // master needs AM share too: at the default 10% of the node's memory the job's master never starts.
    base.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.8f);
    EmbeddedYarn yarn = EmbeddedYarn.start(base, new File(dir, "yarn"));
    Configuration hadoop = yarn.configuration();

    File home = new File(dir, "oozie-home");
    File conf = new File(home, "conf");
    File hadoopConf = new File(conf, "hadoop-conf");
    hadoopConf.mkdirs();
    new File(conf, "action-conf").mkdirs();
    write(hadoop, key -> !isHBaseKey(key), new File(hadoopConf, "core-site.xml"));
    // The same cluster under a second address, whose Hadoop configuration runs the actions'
    // MapReduce jobs in the launcher (LocalJobRunner): see resourceManagerWithJobsInLauncher.
    File localJobsConf = new File(conf, "hadoop-conf-jobs-in-launcher");
    localJobsConf.mkdirs();
    Configuration jobsInLauncher = new Configuration(hadoop);
    jobsInLauncher.set("mapreduce.framework.name", "local");
    write(jobsInLauncher, key -> !isHBaseKey(key), new File(localJobsConf, "core-site.xml"));
    File serverClasspath = new File(dir, "oozie-server-classpath");
    serverClasspath.mkdirs();
    write(hbase, OozieEngine::isHBaseKey, new File(serverClasspath, "hbase-site.xml"));

    FileSystem fs = dfs.getFileSystem();
    Path shareLib = new Path("/user/" + USER + "/share/lib");
    Path launcherJar = new Path(LauncherAM.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    fs.copyFromLocalFile(launcherJar, new Path(shareLib, "lib_20240101000000/oozie/" + launcherJar.getName()));

    Configuration site = new Configuration(false);
    site.set("oozie.service.JPAService.jdbc.driver", "org.hsqldb.jdbcDriver");
    site.set("oozie.service.JPAService.jdbc.url", "jdbc:hsqldb:mem:oozie-it;create=true");
    site.set("oozie.service.JPAService.jdbc.username", "sa");
    site.set("oozie.service.JPAService.jdbc.password", "");
    site.set("oozie.service.JPAService.create.db.schema", "true");
    site.set("oozie.service.HadoopAccessorService.hadoop.configurations", "*=" + hadoopConf.getAbsolutePath()
        + "," + jobsInLauncherAddress(hadoop) + "=" + localJobsConf.getAbsolutePath());
    site.set("oozie.service.WorkflowAppService.system.libpath", fs.makeQualified(shareLib).toString());
    site.set("oozie.credentials.credentialclasses", "hbase=" + HBaseCredentials.class.getName());
    // A test cannot wait the production intervals (60-300 s) for the checks that move jobs on.
    site.set("oozie.service.CoordMaterializeTriggerService.lookup.interval", "2");
    site.set("oozie.service.CoordMaterializeTriggerService.scheduling.interval", "2");
    site.set("oozie.service.StatusTransitService.statusTransit.interval", "2");
    site.set("oozie.service.ActionCheckerService.action.check.interval", "5");
    site.set("oozie.service.ActionCheckerService.action.check.delay", "5");
    site.set("oozie.service.RecoveryService.interval", "5");
    site.set("oozie.service.CallableQueueService.queue.awaitTermination.timeout.seconds", "1");
    site.set("oozie.launcher.default.memory.mb", "1024");
    write(site, key -> true, new File(conf, "oozie-site.xml"));

    System.setProperty("oozie.home.dir", home.getAbsolutePath());
    System.setProperty("oozie.config.dir", conf.getAbsolutePath());
    System.setProperty("oozie.data.dir", new File(home, "data").getAbsolutePath());
    System.setProperty("oozie.log.dir", new File(home, "logs").getAbsolutePath());
    System.setProperty("oozielocal.log", new File(home, "logs/oozielocal.log").getAbsolutePath());
    ClasspathUtils.setUsingMiniYarnCluster(true);
    // The server's classpath: Oozie's threads, created from this one, see hbase-site.xml; the
    // launchers (this JVM's java.class.path) do not, so the HBase settings reach them only through
    // the credentials and the action's configuration, as on a real cluster.
    ClassLoader original = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(
        new URLClassLoader(new URL[] {serverClasspath.toURI().toURL()}, original));
    new File(home, "logs").mkdirs();
    LocalOozie.start();
    return new OozieEngine(dfs, yarn, original, startRest());
  }

  /**
   * Oozie's REST API (LocalOozie serves only the launchers' callback): the servlets and filters of
   * Oozie's web.xml that the oozie command line's job submission and queries use, over the same
   * engine, with Oozie's default simple authentication.
   */
  private static EmbeddedServletContainer startRest() throws Exception {
    EmbeddedServletContainer rest = new EmbeddedServletContainer("oozie");
    rest.addServletEndpoint("/versions", VersionServlet.class);
    rest.addServletEndpoint("/v1/jobs", V1JobsServlet.class);
    rest.addServletEndpoint("/v2/jobs", V1JobsServlet.class);
    rest.addServletEndpoint("/v2/job/*", V2JobServlet.class);
    rest.addServletEndpoint("/v2/admin/*", V2AdminServlet.class);
    rest.addFilter("/*", HostnameFilter.class);
    rest.addFilter("/*", AuthFilter.class);
    rest.start();
    return rest;
  }

  private static String jobsInLauncherAddress(Configuration yarn) {
    return "127.0.0.1:" + yarn.getSocketAddr(YarnConfiguration.RM_ADDRESS, YarnConfiguration.DEFAULT_RM_ADDRESS,
        YarnConfiguration.DEFAULT_RM_PORT).getPort();
  }

  private static boolean isHBaseKey(String key) {
    return key.startsWith("hbase.") || key.startsWith("zookeeper.");
  }

  private static void write(Configuration conf, Predicate<String> keys, File file) throws IOException {
    Configuration selected = new Configuration(false);
    for (Map.Entry<String, String> entry : conf) {
      if (keys.test(entry.getKey())) {
        selected.set(entry.getKey(), entry.getValue());
      }
    }
    try (OutputStream out = new FileOutputStream(file)) {
      selected.writeXml(out);
    }
  }

  FileSystem fileSystem() throws IOException {
    return dfs.getFileSystem();
  }

  /** The nameNode property of job.properties: hdfs://host:port. */
  String nameNode() {
    return dfs.getURI().toString();
  }

  /** The resourceManager property of job.properties: host:port. */
  String resourceManager() {
    return yarn.configuration().get(YarnConfiguration.RM_ADDRESS);
  }

  /**
   * The same ResourceManager under another address, for which the server's Hadoop configuration
   * says mapreduce.framework.name=local: the launchers still run on YARN, the hperf commands' jobs
   * run inside them. Saves a test the start of a YARN application master and task JVMs per job.
   */
  String resourceManagerWithJobsInLauncher() {
    return jobsInLauncherAddress(yarn.configuration());
  }

  /** OOZIE_URL of the REST API. */
  String url() {
    return rest.getContextURL();
  }

  @Override
  public void close() throws IOException {
    try {
      rest.stop();
      LocalOozie.stop();
    } finally {
      Thread.currentThread().setContextClassLoader(originalContextLoader);
      yarn.close();
    }
  }
}
