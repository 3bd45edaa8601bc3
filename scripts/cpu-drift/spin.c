#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <stdint.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int c,char**v){int secs=atoi(v[1]);size_t n=1<<21;uint64_t*a=malloc(n*8);for(size_t i=0;i<n;i++)a[i]=i*2654435761u;
 double t0=now(),next=t0+1;uint64_t work=0,x=1;
 while(1){for(int k=0;k<20000;k++){x=x*6364136223846793005ull+1442695040888963407ull;a[(x>>20)&(n-1)]+=x;}work++;
  double t=now();if(t>=next){printf("%.3f %lu\n",t,work);fflush(stdout);work=0;next+=1;if(t-t0>secs)break;}}
 return (int)(a[5]&1);}
