public enum OursCLIModule {}
